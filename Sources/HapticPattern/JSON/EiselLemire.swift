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
        if low <= 1, q >= -4, q <= 23, mantissa & 3 == 1,
            mantissa << (upperBit + 64 - 52 - 3) == high
        {
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
        0x8B61_313B_BABC_E2C6, 0x2323_AC4B_3B3D_A015,  // 5^-40
        0xAE39_7D8A_A96C_1B77, 0xABEC_975E_0A0D_081A,  // 5^-39
        0xD9C7_DCED_53C7_2255, 0x96E7_BD35_8C90_4A21,  // 5^-38
        0x881C_EA14_545C_7575, 0x7E50_D641_77DA_2E54,  // 5^-37
        0xAA24_2499_6973_92D2, 0xDDE5_0BD1_D5D0_B9E9,  // 5^-36
        0xD4AD_2DBF_C3D0_7787, 0x955E_4EC6_4B44_E864,  // 5^-35
        0x84EC_3C97_DA62_4AB4, 0xBD5A_F13B_EF0B_113E,  // 5^-34
        0xA627_4BBD_D0FA_DD61, 0xECB1_AD8A_EACD_D58E,  // 5^-33
        0xCFB1_1EAD_4539_94BA, 0x67DE_18ED_A581_4AF2,  // 5^-32
        0x81CE_B32C_4B43_FCF4, 0x80EA_CF94_8770_CED7,  // 5^-31
        0xA242_5FF7_5E14_FC31, 0xA125_8379_A94D_028D,  // 5^-30
        0xCAD2_F7F5_359A_3B3E, 0x096E_E458_13A0_4330,  // 5^-29
        0xFD87_B5F2_8300_CA0D, 0x8BCA_9D6E_1888_53FC,  // 5^-28
        0x9E74_D1B7_91E0_7E48, 0x775E_A264_CF55_347E,  // 5^-27
        0xC612_0625_7658_9DDA, 0x9536_4AFE_032A_819E,  // 5^-26
        0xF796_87AE_D3EE_C551, 0x3A83_DDBD_83F5_2205,  // 5^-25
        0x9ABE_14CD_4475_3B52, 0xC492_6A96_7279_3543,  // 5^-24
        0xC16D_9A00_9592_8A27, 0x75B7_053C_0F17_8294,  // 5^-23
        0xF1C9_0080_BAF7_2CB1, 0x5324_C68B_12DD_6339,  // 5^-22
        0x971D_A050_74DA_7BEE, 0xD3F6_FC16_EBCA_5E04,  // 5^-21
        0xBCE5_0864_9211_1AEA, 0x88F4_BB1C_A6BC_F585,  // 5^-20
        0xEC1E_4A7D_B695_61A5, 0x2B31_E9E3_D06C_32E6,  // 5^-19
        0x9392_EE8E_921D_5D07, 0x3AFF_322E_6243_9FD0,  // 5^-18
        0xB877_AA32_36A4_B449, 0x09BE_FEB9_FAD4_87C3,  // 5^-17
        0xE695_94BE_C44D_E15B, 0x4C2E_BE68_7989_A9B4,  // 5^-16
        0x901D_7CF7_3AB0_ACD9, 0x0F9D_3701_4BF6_0A11,  // 5^-15
        0xB424_DC35_095C_D80F, 0x5384_84C1_9EF3_8C95,  // 5^-14
        0xE12E_1342_4BB4_0E13, 0x2865_A5F2_06B0_6FBA,  // 5^-13
        0x8CBC_CC09_6F50_88CB, 0xF93F_87B7_442E_45D4,  // 5^-12
        0xAFEB_FF0B_CB24_AAFE, 0xF78F_69A5_1539_D749,  // 5^-11
        0xDBE6_FECE_BDED_D5BE, 0xB573_440E_5A88_4D1C,  // 5^-10
        0x8970_5F41_36B4_A597, 0x3168_0A88_F895_3031,  // 5^-9
        0xABCC_7711_8461_CEFC, 0xFDC2_0D2B_36BA_7C3E,  // 5^-8
        0xD6BF_94D5_E57A_42BC, 0x3D32_9076_0469_1B4D,  // 5^-7
        0x8637_BD05_AF6C_69B5, 0xA63F_9A49_C2C1_B110,  // 5^-6
        0xA7C5_AC47_1B47_8423, 0x0FCF_80DC_3372_1D54,  // 5^-5
        0xD1B7_1758_E219_652B, 0xD3C3_6113_404E_A4A9,  // 5^-4
        0x8312_6E97_8D4F_DF3B, 0x645A_1CAC_0831_26EA,  // 5^-3
        0xA3D7_0A3D_70A3_D70A, 0x3D70_A3D7_0A3D_70A4,  // 5^-2
        0xCCCC_CCCC_CCCC_CCCC, 0xCCCC_CCCC_CCCC_CCCD,  // 5^-1
        0x8000_0000_0000_0000, 0x0000_0000_0000_0000,  // 5^0
        0xA000_0000_0000_0000, 0x0000_0000_0000_0000,  // 5^1
        0xC800_0000_0000_0000, 0x0000_0000_0000_0000,  // 5^2
        0xFA00_0000_0000_0000, 0x0000_0000_0000_0000,  // 5^3
        0x9C40_0000_0000_0000, 0x0000_0000_0000_0000,  // 5^4
        0xC350_0000_0000_0000, 0x0000_0000_0000_0000,  // 5^5
        0xF424_0000_0000_0000, 0x0000_0000_0000_0000,  // 5^6
        0x9896_8000_0000_0000, 0x0000_0000_0000_0000,  // 5^7
        0xBEBC_2000_0000_0000, 0x0000_0000_0000_0000,  // 5^8
        0xEE6B_2800_0000_0000, 0x0000_0000_0000_0000,  // 5^9
        0x9502_F900_0000_0000, 0x0000_0000_0000_0000,  // 5^10
        0xBA43_B740_0000_0000, 0x0000_0000_0000_0000,  // 5^11
        0xE8D4_A510_0000_0000, 0x0000_0000_0000_0000,  // 5^12
        0x9184_E72A_0000_0000, 0x0000_0000_0000_0000,  // 5^13
        0xB5E6_20F4_8000_0000, 0x0000_0000_0000_0000,  // 5^14
        0xE35F_A931_A000_0000, 0x0000_0000_0000_0000,  // 5^15
        0x8E1B_C9BF_0400_0000, 0x0000_0000_0000_0000,  // 5^16
        0xB1A2_BC2E_C500_0000, 0x0000_0000_0000_0000,  // 5^17
        0xDE0B_6B3A_7640_0000, 0x0000_0000_0000_0000,  // 5^18
        0x8AC7_2304_89E8_0000, 0x0000_0000_0000_0000,  // 5^19
        0xAD78_EBC5_AC62_0000, 0x0000_0000_0000_0000,  // 5^20
        0xD8D7_26B7_177A_8000, 0x0000_0000_0000_0000,  // 5^21
        0x8786_7832_6EAC_9000, 0x0000_0000_0000_0000,  // 5^22
        0xA968_163F_0A57_B400, 0x0000_0000_0000_0000,  // 5^23
        0xD3C2_1BCE_CCED_A100, 0x0000_0000_0000_0000,  // 5^24
        0x8459_5161_4014_84A0, 0x0000_0000_0000_0000,  // 5^25
        0xA56F_A5B9_9019_A5C8, 0x0000_0000_0000_0000,  // 5^26
        0xCECB_8F27_F420_0F3A, 0x0000_0000_0000_0000,  // 5^27
        0x813F_3978_F894_0984, 0x4000_0000_0000_0000,  // 5^28
        0xA18F_07D7_36B9_0BE5, 0x5000_0000_0000_0000,  // 5^29
        0xC9F2_C9CD_0467_4EDE, 0xA400_0000_0000_0000,  // 5^30
        0xFC6F_7C40_4581_2296, 0x4D00_0000_0000_0000,  // 5^31
        0x9DC5_ADA8_2B70_B59D, 0xF020_0000_0000_0000,  // 5^32
        0xC537_1912_364C_E305, 0x6C28_0000_0000_0000,  // 5^33
        0xF684_DF56_C3E0_1BC6, 0xC732_0000_0000_0000,  // 5^34
        0x9A13_0B96_3A6C_115C, 0x3C7F_4000_0000_0000,  // 5^35
        0xC097_CE7B_C907_15B3, 0x4B9F_1000_0000_0000,  // 5^36
        0xF0BD_C21A_BB48_DB20, 0x1E86_D400_0000_0000,  // 5^37
        0x9676_9950_B50D_88F4, 0x1314_4480_0000_0000,  // 5^38
        0xBC14_3FA4_E250_EB31, 0x17D9_55A0_0000_0000,  // 5^39
        0xEB19_4F8E_1AE5_25FD, 0x5DCF_AB08_0000_0000,  // 5^40
    ]
}
