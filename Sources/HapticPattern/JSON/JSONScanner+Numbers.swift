/// Number literals.
extension JSONScanner {
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    @inline(__always) private func isDigit(_ at: Int) -> Bool {
        at < b.count && b[at] &- UInt8(ascii: "0") < 10
    }

    /// The value of the eight decimal digits at `at`, or `nil` if the input has fewer
    /// left or any of them is not a digit. SWAR, as in fast_float: one 64-bit load, one
    /// test, three multiplications. O(1).
    @inline(__always) private func eightDigits(at: Int) -> UInt64? {
        guard at + 8 <= b.count, let base = b.baseAddress else { return nil }
        let v = UInt64(
            littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: at, as: UInt64.self))
        // A byte is a digit iff adding 0x46 and subtracting 0x30 both leave its top bit clear.
        guard
            ((v &+ 0x4646_4646_4646_4646) | (v &- 0x3030_3030_3030_3030)) & 0x8080_8080_8080_8080
                == 0
        else { return nil }
        var x = v &- 0x3030_3030_3030_3030
        x = x &* 10 &+ (x >> 8)  // pairs of digits
        let mask: UInt64 = 0x0000_00FF_0000_00FF
        x =
            ((x & mask) &* (100 + (1_000_000 << 32)) &+ ((x >> 16) & mask) &* (1 + (10_000 << 32)))
            >> 32
        return x & 0xFFFF_FFFF
    }

    /// Reads an RFC 8259 number. Uses Clinger's exact fast path (≤ 2^53 mantissa,
    /// |exponent| ≤ 22), then ``EiselLemire`` (≤ 19 significant digits), and falls back to
    /// the standard library's correctly rounded conversion otherwise; all three give the
    /// correctly rounded Double. Appends the number's node. O(digits).
    mutating func readNumber() throws(JSONSyntaxError) {
        let start = position
        let s = i
        var negative = false
        if b[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "I") {
                throw JSONSyntaxError(
                    .nonFiniteLiteral, at: start,
                    "`-Infinity` is not a JSON number and has no meaning in AHAP; write a finite number."
                )
            }
        }
        guard isDigit(i) else {
            throw JSONSyntaxError(.syntax, at: start, "A number needs digits after `-`.")
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        if b[i] == UInt8(ascii: "0") {
            i += 1
            if isDigit(i) {
                throw JSONSyntaxError(
                    .syntax, at: start, "Numbers cannot have leading zeros in JSON; remove them.")
            }
        } else {
            while isDigit(i) {
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(b[i] - UInt8(ascii: "0"))
                } else {
                    exponent += 1
                }
                significantDigits += 1
                i += 1
            }
        }
        var isInteger = true
        if i < b.count, b[i] == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            guard isDigit(i) else {
                throw JSONSyntaxError(
                    .syntax, at: start, "A number needs digits after the decimal point.")
            }
            if mantissa == 0 {
                // Leading zeros of the fraction (after a `0` integer part): not significant.
                while i < b.count, b[i] == UInt8(ascii: "0") {
                    exponent -= 1
                    i += 1
                }
            }
            // Fractions are often long (16–17 digits): eight digits per step while they fit.
            while significantDigits <= 19 - 8, let eight = eightDigits(at: i) {
                mantissa = mantissa &* 100_000_000 &+ eight
                exponent -= 8
                significantDigits += 8
                i += 8
            }
            while isDigit(i) {
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(b[i] - UInt8(ascii: "0"))
                    exponent -= 1
                }
                significantDigits += 1
                i += 1
            }
        }
        var explicitExponent = 0
        if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            isInteger = false
            i += 1
            var expNegative = false
            if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
                expNegative = b[i] == UInt8(ascii: "-")
                i += 1
            }
            guard isDigit(i) else {
                throw JSONSyntaxError(
                    .syntax, at: start, "A number needs digits after its exponent `e`.")
            }
            while isDigit(i) {
                if explicitExponent < 100_000 {
                    explicitExponent = explicitExponent * 10 + Int(b[i] - UInt8(ascii: "0"))
                }
                i += 1
            }
            if expNegative { explicitExponent = -explicitExponent }
        }
        var value: Double
        let e = exponent + explicitExponent
        if significantDigits <= 19, mantissa <= (1 << 53), e >= -22, e <= 22 {
            value = Double(mantissa)
            if e < 0 { value /= Self.powersOfTen[-e] } else { value *= Self.powersOfTen[e] }
            if negative { value = -value }
        } else if mantissa == 0 {
            value = negative ? -0.0 : 0
        } else if significantDigits <= 19,
            let v = EiselLemire.double(significand: mantissa, exponent: e)
        {
            value = negative ? -v : v
        } else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: b[s..<i]), as: UTF8.self)
            guard let parsed = Double(text) else {
                throw JSONSyntaxError(.syntax, at: start, "`\(text)` is not a valid number.")
            }
            value = parsed
        }
        guard value.isFinite else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: b[s..<i]), as: UTF8.self)
            throw JSONSyntaxError(
                .numberOverflow, at: start,
                "The number `\(text)` is too large to represent (beyond ±1.8e308); write a realistic value."
            )
        }
        append(isInteger ? .integer : .number, at: start, payload: value.bitPattern)
    }
}
