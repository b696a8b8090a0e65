@_spi(Layers) import LinkifyModel

/// Decoding of the generated phone tables (written as hex words, see
/// `scripts/gen/gen_phone_tables.py`), done once on first use.
extension PhoneMetadataTables {
    /// The words of a hex string of 8 digits per word.
    static func words(_ hex: StaticString, count: Int) -> [UInt32] {
        var out = [UInt32](repeating: 0, count: count)
        hex.withUTF8Buffer { b in
            precondition(b.count == count * 8, "phone table size")
            for i in 0..<count {
                var v: UInt32 = 0
                for k in 0..<8 {
                    let c = b[i * 8 + k]
                    v = v << 4 | UInt32(c <= 0x39 ? c - 0x30 : c - 0x57)
                }
                out[i] = v
            }
        }
        return out
    }

    /// The rules that records refer to by index.
    static let decodedStrings: [String] = {
        strings.withUTF8Buffer { b in String(decoding: b, as: UTF8.self) }
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }()

    private static func string(_ word: UInt32) -> String? {
        let i = Int(Int32(bitPattern: word))
        return i < 0 ? nil : decodedStrings[i]
    }

    /// Number formats, referenced by `PhoneTerritory.formats`.
    static let formats: [PhoneNumberFormat] = {
        let w = words(formatHex, count: formatCount * 4)
        return (0..<formatCount).map { i in
            PhoneNumberFormat(pattern: Int32(bitPattern: w[4 * i]), leadingDigits: Int32(bitPattern: w[4 * i + 1]),
                              nationalPrefixRule: string(w[4 * i + 2]), prefixOptional: w[4 * i + 3] != 0)
        }
    }()

    /// Territories sorted by id.
    static let territories: [PhoneTerritory] = {
        let w = words(territoryHex, count: territoryWordCount)
        var out: [PhoneTerritory] = []
        out.reserveCapacity(territoryCount)
        var k = 0
        func next() -> UInt32 {
            k += 1
            return w[k - 1]
        }
        func desc() -> PhoneNumberDesc {
            PhoneNumberDesc(pattern: Int32(bitPattern: next()), lengths: next(), localOnly: next())
        }
        while k < w.count {
            let id = next()
            let letters = String(decoding: [UInt8(id >> 8), UInt8(id & 0xFF)], as: UTF8.self)
            let code = Int(next()), isMain = next() != 0
            let idd = Int32(bitPattern: next()), npfp = Int32(bitPattern: next()), groups = Int(next())
            let rule = string(next())
            let leading = Int32(bitPattern: next())
            let general = desc()
            let types = (0..<Int(next())).map { _ in desc() }
            let first = Int(next()), end = Int(next())
            out.append(PhoneTerritory(id: letters, callingCode: code, isMainForCode: isMain, internationalPrefix: idd,
                                      nationalPrefixForParsing: npfp, nationalPrefixGroups: groups, transformRule: rule,
                                      leadingDigits: leading, general: general, types: types, formats: first..<end))
        }
        return out
    }()
}
