/// Correctly rounded conversion of a decimal `w × 10^q` to the nearest Double, for a
/// significand of at most 19 digits: the Eisel–Lemire algorithm (D. Lemire, "Number
/// parsing at a gigabyte per second", 2021, as in the fast_float library).
///
/// Why: numbers written with 16–17 significant digits — what shortest round-trip
/// formatting gives for arbitrary Doubles, so what most tools write — miss the parser's
/// exact fast path (significand ≤ 2^53) and went through `Double(String)`: making a
/// String and calling `strtod` cost ~1,200 instructions per number, half of parsing a
/// generated 2 MB pattern. This costs ~60.
///
/// It multiplies the normalized significand by a 128-bit truncated power of five and
/// reads the rounded result off the high bits. The product is exact enough to round
/// correctly except in provably rare cases, which return `nil` (as do subnormal and
/// overflowing results, and exponents outside the table's −40…40): the caller then uses
/// the standard library, so the result is always the correctly rounded Double, bit for
/// bit what `Double(String)` gives. O(1).
enum EiselLemire {
    /// The smallest and largest `q` of ``powersOfFive``; wider than real AHAP values need.
    static let minimumExponent = -40
    static let maximumExponent = 40

    /// The nearest Double to `w × 10^q` (`w` > 0, exact), or `nil` when this method cannot
    /// decide it cheaply.
    static func double(significand w: UInt64, exponent q: Int) -> Double? {
        guard w != 0, q >= minimumExponent, q <= maximumExponent else { return nil }
        let leadingZeros = w.leadingZeroBitCount
        let w = w << leadingZeros
        // w × 5^q to 55 bits (52 explicit + implicit bit + rounding bit + one that the
        // normalization below may drop); a second word only if the first leaves it open.
        let index = 2 * (q - minimumExponent)
        var (high, low) = w.multipliedFullWidth(by: powersOfFive[index])
        let precisionMask = UInt64.max >> 55
        if high & precisionMask == precisionMask {
            let second = w.multipliedFullWidth(by: powersOfFive[index + 1]).high
            low &+= second
            if second > low { high &+= 1 }
        }
        // Outside −27…55 the truncated table may be off by one in the last place here.
        if low == .max && (q < -27 || q > 55) { return nil }

        let upperBit = Int(high >> 63)
        var mantissa = high >> (upperBit + 64 - 52 - 3)
        // floor(q × log2(10)) + 63, the binary exponent, biased by 1023.
        var power2 = ((217_706 * q) >> 16) + 63 + upperBit - leadingZeros + 1023
        guard power2 > 0 else { return nil }  // subnormal

        // Exactly halfway between two Doubles (only possible when 5^|q| fits 64 bits):
        // round to even instead of up.
        if low <= 1, q >= -4, q <= 23, mantissa & 3 == 1, mantissa << (upperBit + 64 - 52 - 3) == high {
            mantissa &= ~1
        }
        mantissa += mantissa & 1
        mantissa >>= 1
        if mantissa >= (2 << 52) {
            mantissa = 1 << 52
            power2 += 1
        }
        mantissa &= ~(1 << 52)
        guard power2 < 0x7FF else { return nil }  // overflow
        return Double(bitPattern: UInt64(power2) << 52 | mantissa)
    }

    /// 5^q for q in −40…40 as 128-bit fractions with the top bit set (high word, low word):
    /// truncated for q ≥ 0; for q < 0, 2^b / 5^−q rounded up (fast_float's table).
    static let powersOfFive: [UInt64] = [
        0x8B61313BBABCE2C6, 0x2323AC4B3B3DA015,  // 5^-40
        0xAE397D8AA96C1B77, 0xABEC975E0A0D081A,  // 5^-39
        0xD9C7DCED53C72255, 0x96E7BD358C904A21,  // 5^-38
        0x881CEA14545C7575, 0x7E50D64177DA2E54,  // 5^-37
        0xAA242499697392D2, 0xDDE50BD1D5D0B9E9,  // 5^-36
        0xD4AD2DBFC3D07787, 0x955E4EC64B44E864,  // 5^-35
        0x84EC3C97DA624AB4, 0xBD5AF13BEF0B113E,  // 5^-34
        0xA6274BBDD0FADD61, 0xECB1AD8AEACDD58E,  // 5^-33
        0xCFB11EAD453994BA, 0x67DE18EDA5814AF2,  // 5^-32
        0x81CEB32C4B43FCF4, 0x80EACF948770CED7,  // 5^-31
        0xA2425FF75E14FC31, 0xA1258379A94D028D,  // 5^-30
        0xCAD2F7F5359A3B3E, 0x096EE45813A04330,  // 5^-29
        0xFD87B5F28300CA0D, 0x8BCA9D6E188853FC,  // 5^-28
        0x9E74D1B791E07E48, 0x775EA264CF55347E,  // 5^-27
        0xC612062576589DDA, 0x95364AFE032A819E,  // 5^-26
        0xF79687AED3EEC551, 0x3A83DDBD83F52205,  // 5^-25
        0x9ABE14CD44753B52, 0xC4926A9672793543,  // 5^-24
        0xC16D9A0095928A27, 0x75B7053C0F178294,  // 5^-23
        0xF1C90080BAF72CB1, 0x5324C68B12DD6339,  // 5^-22
        0x971DA05074DA7BEE, 0xD3F6FC16EBCA5E04,  // 5^-21
        0xBCE5086492111AEA, 0x88F4BB1CA6BCF585,  // 5^-20
        0xEC1E4A7DB69561A5, 0x2B31E9E3D06C32E6,  // 5^-19
        0x9392EE8E921D5D07, 0x3AFF322E62439FD0,  // 5^-18
        0xB877AA3236A4B449, 0x09BEFEB9FAD487C3,  // 5^-17
        0xE69594BEC44DE15B, 0x4C2EBE687989A9B4,  // 5^-16
        0x901D7CF73AB0ACD9, 0x0F9D37014BF60A11,  // 5^-15
        0xB424DC35095CD80F, 0x538484C19EF38C95,  // 5^-14
        0xE12E13424BB40E13, 0x2865A5F206B06FBA,  // 5^-13
        0x8CBCCC096F5088CB, 0xF93F87B7442E45D4,  // 5^-12
        0xAFEBFF0BCB24AAFE, 0xF78F69A51539D749,  // 5^-11
        0xDBE6FECEBDEDD5BE, 0xB573440E5A884D1C,  // 5^-10
        0x89705F4136B4A597, 0x31680A88F8953031,  // 5^-9
        0xABCC77118461CEFC, 0xFDC20D2B36BA7C3E,  // 5^-8
        0xD6BF94D5E57A42BC, 0x3D32907604691B4D,  // 5^-7
        0x8637BD05AF6C69B5, 0xA63F9A49C2C1B110,  // 5^-6
        0xA7C5AC471B478423, 0x0FCF80DC33721D54,  // 5^-5
        0xD1B71758E219652B, 0xD3C36113404EA4A9,  // 5^-4
        0x83126E978D4FDF3B, 0x645A1CAC083126EA,  // 5^-3
        0xA3D70A3D70A3D70A, 0x3D70A3D70A3D70A4,  // 5^-2
        0xCCCCCCCCCCCCCCCC, 0xCCCCCCCCCCCCCCCD,  // 5^-1
        0x8000000000000000, 0x0000000000000000,  // 5^0
        0xA000000000000000, 0x0000000000000000,  // 5^1
        0xC800000000000000, 0x0000000000000000,  // 5^2
        0xFA00000000000000, 0x0000000000000000,  // 5^3
        0x9C40000000000000, 0x0000000000000000,  // 5^4
        0xC350000000000000, 0x0000000000000000,  // 5^5
        0xF424000000000000, 0x0000000000000000,  // 5^6
        0x9896800000000000, 0x0000000000000000,  // 5^7
        0xBEBC200000000000, 0x0000000000000000,  // 5^8
        0xEE6B280000000000, 0x0000000000000000,  // 5^9
        0x9502F90000000000, 0x0000000000000000,  // 5^10
        0xBA43B74000000000, 0x0000000000000000,  // 5^11
        0xE8D4A51000000000, 0x0000000000000000,  // 5^12
        0x9184E72A00000000, 0x0000000000000000,  // 5^13
        0xB5E620F480000000, 0x0000000000000000,  // 5^14
        0xE35FA931A0000000, 0x0000000000000000,  // 5^15
        0x8E1BC9BF04000000, 0x0000000000000000,  // 5^16
        0xB1A2BC2EC5000000, 0x0000000000000000,  // 5^17
        0xDE0B6B3A76400000, 0x0000000000000000,  // 5^18
        0x8AC7230489E80000, 0x0000000000000000,  // 5^19
        0xAD78EBC5AC620000, 0x0000000000000000,  // 5^20
        0xD8D726B7177A8000, 0x0000000000000000,  // 5^21
        0x878678326EAC9000, 0x0000000000000000,  // 5^22
        0xA968163F0A57B400, 0x0000000000000000,  // 5^23
        0xD3C21BCECCEDA100, 0x0000000000000000,  // 5^24
        0x84595161401484A0, 0x0000000000000000,  // 5^25
        0xA56FA5B99019A5C8, 0x0000000000000000,  // 5^26
        0xCECB8F27F4200F3A, 0x0000000000000000,  // 5^27
        0x813F3978F8940984, 0x4000000000000000,  // 5^28
        0xA18F07D736B90BE5, 0x5000000000000000,  // 5^29
        0xC9F2C9CD04674EDE, 0xA400000000000000,  // 5^30
        0xFC6F7C4045812296, 0x4D00000000000000,  // 5^31
        0x9DC5ADA82B70B59D, 0xF020000000000000,  // 5^32
        0xC5371912364CE305, 0x6C28000000000000,  // 5^33
        0xF684DF56C3E01BC6, 0xC732000000000000,  // 5^34
        0x9A130B963A6C115C, 0x3C7F400000000000,  // 5^35
        0xC097CE7BC90715B3, 0x4B9F100000000000,  // 5^36
        0xF0BDC21ABB48DB20, 0x1E86D40000000000,  // 5^37
        0x96769950B50D88F4, 0x1314448000000000,  // 5^38
        0xBC143FA4E250EB31, 0x17D955A000000000,  // 5^39
        0xEB194F8E1AE525FD, 0x5DCFAB0800000000,  // 5^40
    ]
}
