@_spi(Layers) import LinkifyModel

/// HTML character references in text (`&amp;`, `&#x41;`, `&#65;`, `&copy;`),
/// decoded as the WHATWG HTML tokenizer does (§13.2.5.72–.80), for a table of
/// common named references: all of HTML 4 and the punctuation names of HTML 5.
/// Named references need their `;`; numeric ones may go without it.
enum HTMLCharacterReference {
    /// The reference starting at the `&` at `amp`: the scalar it stands for
    /// and the offset just past it, or nil when it is not a reference.
    static func decode(_ t: UnsafeBufferPointer<UInt8>, at amp: Int, limit: Int) -> (scalar: UInt32, end: Int)? {
        var i = amp + 1
        guard i < limit else { return nil }
        if t[i] == 0x23 { // &#
            i += 1
            var hex = false
            if i < limit && (t[i] == 0x78 || t[i] == 0x58) { hex = true; i += 1 }
            let digitsStart = i
            var value: UInt32 = 0
            while i < limit {
                let b = t[i]
                let d: UInt32
                if ByteClass.isDigit(b) { d = UInt32(b - 0x30) }
                else if hex && (0x61...0x66).contains(b | 0x20) { d = UInt32((b | 0x20) - 0x61 + 10) }
                else { break }
                if value <= 0x10FFFF { value = value * (hex ? 16 : 10) + d }
                i += 1
            }
            guard i > digitsStart else { return nil }
            if i < limit && t[i] == 0x3B { i += 1 }
            return (numericValue(value), i)
        }
        let nameStart = i
        while i < limit && i - nameStart < 32 && ByteClass.isAlnum(t[i]) && t[i] < 0x80 { i += 1 }
        guard i > nameStart, i < limit, t[i] == 0x3B else { return nil }
        guard i - nameStart <= 8, let value = scalar(named: key(t, nameStart..<i)) else { return nil }
        return (value, i + 1)
    }

    /// The scalar a numeric reference stands for (§13.2.5.80): U+FFFD for
    /// NUL, surrogates and values past U+10FFFF; C1 controls read as windows-1252.
    static func numericValue(_ v: UInt32) -> UInt32 {
        if v == 0 || v > 0x10FFFF || (0xD800...0xDFFF).contains(v) { return 0xFFFD }
        if (0x80...0x9F).contains(v), let mapped = windows1252[v] { return mapped }
        return v
    }

    static let windows1252: [UInt32: UInt32] = [
        0x80: 0x20AC, 0x82: 0x201A, 0x83: 0x0192, 0x84: 0x201E, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021,
        0x88: 0x02C6, 0x89: 0x2030, 0x8A: 0x0160, 0x8B: 0x2039, 0x8C: 0x0152, 0x8E: 0x017D, 0x91: 0x2018,
        0x92: 0x2019, 0x93: 0x201C, 0x94: 0x201D, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02DC,
        0x99: 0x2122, 0x9A: 0x0161, 0x9B: 0x203A, 0x9C: 0x0153, 0x9E: 0x017E, 0x9F: 0x0178,
    ]

    /// A name of at most eight bytes as one word (its bytes little-endian, zero past its end).
    @inline(__always)
    static func key(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> UInt64 {
        var key: UInt64 = 0
        var k = r.upperBound
        while k > r.lowerBound {
            k -= 1
            key = key << 8 | UInt64(t[k])
        }
        return key
    }

    /// The scalar of the named reference whose name is `key`: a probe of
    /// `slots` (open addressing, a multiplicative hash), so no String and no
    /// Hasher per reference (a String looked up in a dictionary was most of
    /// the cost of text full of `&amp;`).
    @inline(__always)
    static func scalar(named key: UInt64) -> UInt32? {
        slots.withUnsafeBufferPointer { slots in
            var k = slot(key)
            while true {
                let entry = slots[k]
                if entry.key == key { return entry.scalar }
                if entry.key == 0 { return nil }
                k = (k + 1) & (slotCount - 1)
            }
        }
    }

    /// Slots of the open-addressed table: a power of two, over twice the names (283).
    static let slotCount = 1024

    @inline(__always)
    static func slot(_ key: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 54) }

    /// `named` by key (0: an empty slot; no name is empty). Every name has at most eight bytes (`thetasym`).
    static let slots: [(key: UInt64, scalar: UInt32)] = {
        var slots = [(key: UInt64, scalar: UInt32)](repeating: (0, 0), count: slotCount)
        precondition(named.count * 2 <= slotCount)
        for (name, scalar) in named {
            let bytes = Array(name.utf8)
            precondition(!bytes.isEmpty && bytes.count <= 8, "a named reference longer than a word: \(name)")
            let key = bytes.withUnsafeBufferPointer { Self.key($0, 0..<$0.count) }
            var k = slot(key)
            while slots[k].key != 0 { k = (k + 1) & (slotCount - 1) }
            slots[k] = (key, scalar)
        }
        return slots
    }()

    /// Named references: name → scalar.
    static let named: [String: UInt32] = {
        var table: [String: UInt32] = [:]
        // HTML 4 Latin-1 (U+00A0–U+00FF, in code point order).
        let latin1 = """
            nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr \
            deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest \
            Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml \
            ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig \
            agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml \
            eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml
            """
        for (k, name) in latin1.split(separator: " ").enumerated() { table[String(name)] = 0xA0 + UInt32(k) }
        // Greek (U+0391–U+03A9 and U+03B1–U+03C9; U+03A2 is unassigned).
        let upper = "Alpha Beta Gamma Delta Epsilon Zeta Eta Theta Iota Kappa Lambda Mu Nu Xi Omicron Pi Rho - Sigma Tau Upsilon Phi Chi Psi Omega"
        for (k, name) in upper.split(separator: " ").enumerated() where name != "-" {
            table[String(name)] = 0x391 + UInt32(k)
            table[name.lowercased()] = 0x3B1 + UInt32(k)
        }
        table["sigmaf"] = 0x3C2
        let others: [(String, UInt32)] = [
            ("quot", 0x22), ("amp", 0x26), ("apos", 0x27), ("lt", 0x3C), ("gt", 0x3E),
            ("Tab", 0x09), ("NewLine", 0x0A), ("excl", 0x21), ("num", 0x23), ("dollar", 0x24), ("percnt", 0x25),
            ("lpar", 0x28), ("rpar", 0x29), ("ast", 0x2A), ("plus", 0x2B), ("comma", 0x2C), ("period", 0x2E),
            ("sol", 0x2F), ("colon", 0x3A), ("semi", 0x3B), ("equals", 0x3D), ("quest", 0x3F), ("commat", 0x40),
            ("lsqb", 0x5B), ("bsol", 0x5C), ("rsqb", 0x5D), ("Hat", 0x5E), ("lowbar", 0x5F), ("grave", 0x60),
            ("lcub", 0x7B), ("verbar", 0x7C), ("vert", 0x7C), ("rcub", 0x7D),
            ("OElig", 0x152), ("oelig", 0x153), ("Scaron", 0x160), ("scaron", 0x161), ("Yuml", 0x178),
            ("fnof", 0x192), ("circ", 0x2C6), ("tilde", 0x2DC), ("thetasym", 0x3D1), ("upsih", 0x3D2), ("piv", 0x3D6),
            ("ensp", 0x2002), ("emsp", 0x2003), ("thinsp", 0x2009), ("zwnj", 0x200C), ("zwj", 0x200D),
            ("lrm", 0x200E), ("rlm", 0x200F), ("hyphen", 0x2010), ("dash", 0x2010), ("ndash", 0x2013), ("mdash", 0x2014),
            ("lsquo", 0x2018), ("rsquo", 0x2019), ("sbquo", 0x201A), ("ldquo", 0x201C), ("rdquo", 0x201D),
            ("bdquo", 0x201E), ("dagger", 0x2020), ("Dagger", 0x2021), ("bull", 0x2022), ("hellip", 0x2026),
            ("permil", 0x2030), ("prime", 0x2032), ("Prime", 0x2033), ("lsaquo", 0x2039), ("rsaquo", 0x203A),
            ("oline", 0x203E), ("frasl", 0x2044), ("euro", 0x20AC), ("image", 0x2111), ("weierp", 0x2118),
            ("real", 0x211C), ("trade", 0x2122), ("alefsym", 0x2135), ("larr", 0x2190), ("uarr", 0x2191),
            ("rarr", 0x2192), ("darr", 0x2193), ("harr", 0x2194), ("crarr", 0x21B5), ("lArr", 0x21D0),
            ("uArr", 0x21D1), ("rArr", 0x21D2), ("dArr", 0x21D3), ("hArr", 0x21D4), ("forall", 0x2200),
            ("part", 0x2202), ("exist", 0x2203), ("empty", 0x2205), ("nabla", 0x2207), ("isin", 0x2208),
            ("notin", 0x2209), ("ni", 0x220B), ("prod", 0x220F), ("sum", 0x2211), ("minus", 0x2212),
            ("lowast", 0x2217), ("radic", 0x221A), ("prop", 0x221D), ("infin", 0x221E), ("ang", 0x2220),
            ("and", 0x2227), ("or", 0x2228), ("cap", 0x2229), ("cup", 0x222A), ("int", 0x222B), ("there4", 0x2234),
            ("sim", 0x223C), ("cong", 0x2245), ("asymp", 0x2248), ("ne", 0x2260), ("equiv", 0x2261), ("le", 0x2264),
            ("ge", 0x2265), ("sub", 0x2282), ("sup", 0x2283), ("nsub", 0x2284), ("sube", 0x2286), ("supe", 0x2287),
            ("oplus", 0x2295), ("otimes", 0x2297), ("perp", 0x22A5), ("sdot", 0x22C5), ("lceil", 0x2308),
            ("rceil", 0x2309), ("lfloor", 0x230A), ("rfloor", 0x230B), ("lang", 0x27E8), ("rang", 0x27E9),
            ("loz", 0x25CA), ("spades", 0x2660), ("clubs", 0x2663), ("hearts", 0x2665), ("diams", 0x2666),
        ]
        for (name, value) in others { table[name] = value }
        return table
    }()
}
