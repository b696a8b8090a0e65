@_spi(Layers) import LinkifyModel

/// Which targets may become links and how they are rewritten (SPEC §5,
/// `--schemes`, `--deny-schemes`, `--rewrite`).
///
/// `javascript:`, `vbscript:` and `data:` are refused whatever the flags say,
/// however they are spelt: any case, with leading spaces or control
/// characters, with tabs or newlines inside (browsers drop them), written with
/// HTML character references (`&#106;avascript:`, `javascript&colon;`) or
/// percent-encoded (`%6Aavascript:`), checked after every rewrite.
package struct LinkPolicy: Sendable {
    /// Schemes that may become links; nil means every scheme but the dangerous ones.
    /// A target without a scheme (a relative URL) is not filtered by it.
    package var allowedSchemes: Set<String>?
    /// Schemes that never become links.
    package var deniedSchemes: Set<String>
    /// `FROM=TO` rewrites, tried in order; the first FROM that starts the target wins.
    package var rewrites: [(from: String, to: String)]

    /// Schemes that are never written as links (SPEC §5).
    package static let dangerousSchemes: Set<String> = ["javascript", "vbscript", "data"]

    /// Creates a policy; the defaults allow every scheme but the dangerous ones.
    package init(allowedSchemes: Set<String>? = nil, deniedSchemes: Set<String> = [],
                rewrites: [(from: String, to: String)] = []) {
        self.allowedSchemes = allowedSchemes.map { Set($0.map { $0.lowercased() }) }
        self.deniedSchemes = Set(deniedSchemes.map { $0.lowercased() })
        self.rewrites = rewrites
    }

    /// `target` after the first rewrite whose FROM starts it (ASCII case ignored).
    package func rewritten(_ target: String) -> String {
        for rule in rewrites where !rule.from.isEmpty {
            if let rest = Self.dropPrefixIgnoringASCIICase(rule.from, of: target) { return rule.to + rest }
        }
        return target
    }

    /// `target`, the target of `entity` found in `text`, after the first rewrite
    /// whose FROM starts it; unchanged (not spelt out) when no rewrite applies.
    func rewritten(_ target: Entity.Target, of entity: Entity, in text: UnsafeBufferPointer<UInt8>) -> Entity.Target {
        let spelt = entity.target(in: text)
        let result = rewritten(spelt)
        return result == spelt ? target : .string(result)
    }

    /// Why the target of `entity`, found in `text`, may not be a link, or nil when it may.
    @inline(__always)
    package func rejection(of entity: Entity, in text: UnsafeBufferPointer<UInt8>) -> RejectionReason? {
        // In line, for the finder's loop over every candidate: the target of
        // most links is their own bytes, maybe after a prefix, and only the
        // dangerous schemes are refused. A prefix is a scheme that is not
        // dangerous; without one, a first letter that starts no dangerous
        // scheme stays first (`quickIsDangerous`'s first test). Either way
        // the answer is nil without the call.
        if entity.strings?.target == nil && allowedSchemes == nil && deniedSchemes.isEmpty {
            if entity.prefix != .none { return nil }
            if entity.start < entity.end, case let f = text[entity.start], ByteClass.isAlpha(f),
               f | 0x20 != 0x6A, f | 0x20 != 0x76, f | 0x20 != 0x64 { return nil }
        }
        return rejectionOutOfLine(of: entity, in: text)
    }

    /// `rejection(of:in:)` past its tests in line.
    @inline(never)
    func rejectionOutOfLine(of entity: Entity, in text: UnsafeBufferPointer<UInt8>) -> RejectionReason? {
        if case .text(let prefix) = entity.target, allowedSchemes == nil && deniedSchemes.isEmpty {
            // Every prefix is a scheme that is not dangerous; without one, the
            // entity's own bytes are the target, read without building it.
            if prefix != .none { return nil }
            if Self.quickIsDangerous(UnsafeBufferPointer(rebasing: text[entity.range])) == false { return nil }
        }
        return rejection(of: entity.target(in: text))
    }

    /// Why `target` may not be a link, or nil when it may.
    package func rejection(of target: String) -> RejectionReason? {
        // Without allowed or denied schemes only the dangerous ones matter; this
        // runs for every entity, so the scheme is read on the bytes rather than
        // built as a String (docs/benchmarks.md).
        if allowedSchemes == nil && deniedSchemes.isEmpty, let isDangerous = Self.quickIsDangerous(target) {
            return isDangerous ? Self.scheme(of: target).map { .dangerousScheme($0) } : nil
        }
        guard let scheme = Self.scheme(of: target) else { return nil }
        if Self.dangerousSchemes.contains(scheme) { return .dangerousScheme(scheme) }
        if deniedSchemes.contains(scheme) { return .deniedScheme(scheme) }
        if let allowed = allowedSchemes, !allowed.contains(scheme) { return .schemeNotAllowed(scheme) }
        return nil
    }

    /// The lowercased scheme a browser would see in `target`: after decoding
    /// character references and percent escapes (repeatedly, for double
    /// encoding) and dropping white space and control characters; nil when
    /// there is none.
    package static func scheme(of target: String) -> String? {
        // The scheme is at the start; a bounded prefix keeps this cheap on long targets.
        var bytes = Array(target.utf8.prefix(4096))
        for _ in 0..<4 {
            let decoded = decodeReferencesAndEscapes(bytes)
            if decoded == bytes { break }
            bytes = decoded
        }
        var scheme: [UInt8] = []
        for b in bytes {
            if b <= 0x20 || b == 0x7F { continue }   // WHATWG URL: leading C0/space stripped, tab/newline removed
            if b == 0x3A {
                guard let first = scheme.first, ByteClass.isAlpha(first) else { return nil }
                return String(decoding: scheme.map(ByteClass.lower), as: Unicode.UTF8.self)
            }
            guard ByteClass.isSchemeChar(b), scheme.count < 64 else { return nil }
            scheme.append(b)
        }
        return nil
    }

    /// Whether `scheme(of: target)` is one of `dangerousSchemes`, read on the
    /// bytes without allocating; nil when a `%` or `&` comes first, which only
    /// `scheme(of:)` can decode.
    static func quickIsDangerous(_ target: String) -> Bool? {
        var target = target
        return target.withUTF8 { quickIsDangerous($0) }
    }

    /// `quickIsDangerous` of the target spelt by the bytes `u` (bytes that are
    /// not valid UTF-8 end a scheme as their replacement character would).
    static func quickIsDangerous(_ u: UnsafeBufferPointer<UInt8>) -> Bool? {
        // A first letter that starts no dangerous scheme stays first whatever
        // is decoded or dropped after it (`https:`, `mailto:`, `ftp:`).
        if let f = u.first, ByteClass.isAlpha(f), f | 0x20 != 0x6A, f | 0x20 != 0x76, f | 0x20 != 0x64 { return false }
        // The longest dangerous scheme, `javascript`, has 10 letters; a longer
        // run of scheme characters stays at the start whatever is decoded after
        // it. Each scheme is matched letter by letter as the bytes come.
        let javascript = ("javascript" as StaticString).utf8Start, vbscript = ("vbscript" as StaticString).utf8Start
        let data = ("data" as StaticString).utf8Start
        var length = 0
        var j = true, v = true, d = true
        for b in u.prefix(4096) {
            if b == 0x25 || b == 0x26 { return nil }
            if b <= 0x20 || b == 0x7F { continue }
            if b == 0x3A { return (j && length == 10) || (v && length == 8) || (d && length == 4) }
            guard length < 10, ByteClass.isSchemeChar(b) else { return false }
            let l = ByteClass.lower(b)
            j = j && javascript[length] == l
            v = v && length < 8 && vbscript[length] == l
            d = d && length < 4 && data[length] == l
            length += 1
        }
        return false
    }

    /// One round of decoding `%HH`, `&#N;`, `&#xH;` and the named references
    /// that can spell a scheme (`&colon;`, `&Tab;`, `&NewLine;`, `&amp;`).
    static func decodeReferencesAndEscapes(_ b: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var i = 0
        while i < b.count {
            let c = b[i]
            if c == 0x25, i + 2 < b.count, let h = hexValue(b[i + 1]), let l = hexValue(b[i + 2]) {
                out.append(UInt8(h << 4 | l))
                i += 3
                continue
            }
            if c == 0x26, let (scalar, length) = characterReference(b, at: i) {
                UTF8Bytes.append(scalar, to: &out)
                i += length
                continue
            }
            out.append(c)
            i += 1
        }
        return out
    }

    /// The scalar and length of the character reference at `i` (`&` there);
    /// the final `;` is optional, as HTML parsers accept.
    static func characterReference(_ b: [UInt8], at i: Int) -> (UInt32, Int)? {
        var k = i + 1
        if k < b.count && b[k] == 0x23 {
            k += 1
            let hex = k < b.count && (b[k] | 0x20) == 0x78
            if hex { k += 1 }
            var value: UInt32 = 0
            let digitsStart = k
            while k < b.count, k - digitsStart < 10 {
                if hex, let v = hexValue(b[k]) { value = value &* 16 &+ UInt32(v) } else if !hex, ByteClass.isDigit(b[k]) {
                    value = value &* 10 &+ UInt32(b[k] - 0x30)
                } else { break }
                k += 1
            }
            guard k > digitsStart else { return nil }
            if k < b.count && b[k] == 0x3B { k += 1 }
            let scalar = value == 0 || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) ? 0xFFFD : value
            return (scalar, k - i)
        }
        for (name, scalar) in namedReferences {
            let end = i + 1 + name.count
            guard end <= b.count, zip(b[(i + 1)..<end], name).allSatisfy({ ByteClass.lower($0) == $1 }) else { continue }
            return (scalar, end < b.count && b[end] == 0x3B ? end + 1 - i : end - i)
        }
        return nil
    }

    static let namedReferences: [([UInt8], UInt32)] = [
        (Array("colon".utf8), 0x3A), (Array("tab".utf8), 0x09), (Array("newline".utf8), 0x0A), (Array("amp".utf8), 0x26),
    ]

    @inline(__always)
    static func hexValue(_ b: UInt8) -> UInt8? {
        if ByteClass.isDigit(b) { return b - 0x30 }
        let l = b | 0x20
        return l >= 0x61 && l <= 0x66 ? l - 0x61 + 10 : nil
    }

    static func dropPrefixIgnoringASCIICase(_ prefix: String, of s: String) -> String? {
        let p = Array(prefix.utf8), u = Array(s.utf8)
        guard u.count >= p.count else { return nil }
        for k in 0..<p.count where ByteClass.lower(p[k]) != ByteClass.lower(u[k]) { return nil }
        return String(decoding: u[p.count...], as: Unicode.UTF8.self)
    }
}
