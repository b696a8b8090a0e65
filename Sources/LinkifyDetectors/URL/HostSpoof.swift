@_spi(Layers) import LinkifyModel

/// The UTS #39 check of a linked URL's host (SPEC §5): a host label that is
/// beyond UTS #39's Moderately Restrictive level (§5.2), or whole-script
/// confusable with Latin (§4), goes into the target as its A-label (`xn--…`),
/// so that `https://аpple.com/` (Cyrillic `а`) does not lead to a look-alike
/// of apple.com under the name it imitates. The text stays as written and the
/// entity says `isSpoof`. Unflagged internationalised hosts keep their Unicode.
///
/// A label is read as UTS #46 would map it for the check: fullwidth ASCII
/// folded to ASCII and letters lowercased (a label that is ASCII then is not
/// checked). Data: `SpoofTables`, from Unicode 17.0.0 (scripts/gen/gen_spoof_tables.py).
package enum HostSpoof {
    /// Why UTS #39 flags a label.
    enum Reason: Equatable, CustomStringConvertible {
        /// A character whose Identifier_Status is Restricted (UTS #39 §3.1): Unrestricted level.
        case restricted(UInt32)
        /// Scripts mixed beyond the Moderately Restrictive level (§5.2), named in order of appearance.
        case mixedScripts([String])
        /// Every character of one non-Latin script has a Latin look-alike (§4).
        case wholeScriptConfusable(String)

        var description: String {
            switch self {
            case .restricted(let cp):
                let hex = String(cp, radix: 16, uppercase: true)
                return "U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex) is not allowed in identifiers"
            case .mixedScripts(let names): return "mixed scripts " + names.joined(separator: "+")
            case .wholeScriptConfusable(let name): return "whole-script confusable with Latin (\(name))"
            }
        }
    }

    // MARK: - At the scanners

    /// Marks `entity`, a URL whose host is `t[host]`, when a label of the host
    /// is flagged. A host without a byte past ASCII costs one pass over its bytes.
    @inline(__always)
    static func check(_ entity: inout Entity, host: Range<Int>, in t: UnsafeBufferPointer<UInt8>) {
        var bits: UInt8 = 0
        for k in host { bits |= t[k] }
        if bits >= 0x80 { checkLabels(&entity, host: host, in: t) }
    }

    /// `check(_:host:in:)` for an entity whose host is not at hand: found by
    /// `host(of:in:)`. Out of line: called where hosts past ASCII are common
    /// (a web URL's authority that is not plain ASCII) or rare (pending names).
    @inline(never)
    static func check(_ entity: inout Entity, in t: UnsafeBufferPointer<UInt8>) {
        check(&entity, host: host(of: entity, in: t), in: t)
    }

    /// The host of the URL `entity`: after `scheme://` up to the port, path,
    /// query or fragment; for a name without a scheme, its run of label
    /// characters and separators from its start.
    static func host(of entity: Entity, in t: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let end = min(entity.end, t.count)
        var k = entity.start
        while k < end && ByteClass.isSchemeChar(t[k]) { k += 1 }
        if k > entity.start && k + 2 < end && t[k] == 0x3A && t[k + 1] == 0x2F && t[k + 2] == 0x2F {
            // The scanner checked the authority (no user info); an IPv6 literal is ASCII.
            let start = k + 3
            var e = start
            while e < end && t[e] != 0x2F && t[e] != 0x3F && t[e] != 0x23 && t[e] != 0x3A { e += 1 }
            return start < end && t[start] == 0x5B ? start..<start : start..<e
        }
        var e = entity.start
        while e < end {
            let b = t[e]
            if b < 0x80 {
                guard ByteClass.isHostASCII(b) || b == 0x2E || b == 0x5F else { break }
                e += 1
                continue
            }
            let (cp, len) = UTF8Bytes.decode(t, at: e)
            guard CharacterProperties.isHostLabel(cp) || CharacterProperties.isLabelSeparator(cp) else { break }
            e += len
        }
        return entity.start..<e
    }

    /// The labels of `t[host]` with a byte past ASCII, checked; kept out of
    /// line so that the scanners carry only the test above.
    @inline(never)
    static func checkLabels(_ entity: inout Entity, host: Range<Int>, in t: UnsafeBufferPointer<UInt8>) {
        var replaced: [UInt8] = []
        var copied = entity.start
        for label in labels(host, in: t) {
            guard let scalars = mappedLabel(t, label), reason(forLabel: scalars) != nil else { continue }
            if replaced.isEmpty {
                replaced.reserveCapacity(entity.end - entity.start + 16)
                let prefix = entity.prefix.literal
                replaced.append(contentsOf: UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount))
            }
            replaced.append(contentsOf: t[copied..<label.lowerBound])
            replaced.append(contentsOf: aLabel(scalars))
            copied = label.upperBound
        }
        guard !replaced.isEmpty, entity.strings?.target == nil else { return }
        replaced.append(contentsOf: t[copied..<entity.end])
        entity.target = .string(String(decoding: replaced, as: UTF8.self))
        entity.isSpoof = true
    }

    /// `--explain`'s words for a spoof: which labels UTS #39 flags, and why.
    package static func explanation(for entity: Entity, in t: UnsafeBufferPointer<UInt8>) -> String {
        var parts: [String] = []
        for label in labels(host(of: entity, in: t), in: t) {
            guard let scalars = mappedLabel(t, label), let why = reason(forLabel: scalars) else { continue }
            parts.append("UTS #39 flags host label '\(UTF8Bytes.string(t, label))' (\(why)): the href has its A-label \(String(decoding: aLabel(scalars), as: UTF8.self))")
        }
        return parts.joined(separator: "; ")
    }

    // MARK: - Labels

    /// The labels of `t[host]` that hold a byte past ASCII, split at `.`, `。`, `．` and `｡`.
    static func labels(_ host: Range<Int>, in t: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start = host.lowerBound
        var wide = false
        var k = host.lowerBound
        while k <= host.upperBound {
            let sep = k == host.upperBound ? 1 : UTS58Scanner.dotLength(t, at: k)
            if sep > 0 {
                if wide { out.append(start..<k) }
                k += sep
                start = k
                wide = false
                continue
            }
            if t[k] >= 0x80 { wide = true }
            k += 1
        }
        return out
    }

    /// The label `t[r]` as UTS #46 would map it for this check: fullwidth ASCII
    /// to ASCII, then lowercased; nil when that leaves only ASCII.
    static func mappedLabel(_ t: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> [UInt32]? {
        var out: [UInt32] = []
        var wide = false
        var k = r.lowerBound
        while k < r.upperBound {
            var (cp, len) = UTF8Bytes.decode(t, at: k)
            k += len
            if cp >= 0xFF01 && cp <= 0xFF5E { cp -= 0xFEE0 }
            if cp < 0x80 {
                out.append(cp >= 0x41 && cp <= 0x5A ? cp | 0x20 : cp)
                continue
            }
            wide = true
            guard let scalar = Unicode.Scalar(cp), scalar.properties.changesWhenLowercased else {
                out.append(Unicode.Scalar(cp) == nil ? 0xFFFD : cp)
                continue
            }
            for u in scalar.properties.lowercaseMapping.unicodeScalars { out.append(u.value) }
        }
        return wide ? out : nil
    }

    /// `xn--` and the Punycode of `scalars`. A label longer than DNS allows
    /// (63) has no A-label, and Punycode's time grows with the square of the
    /// length: it is percent-encoded instead, a dead link rather than a raw look-alike.
    static func aLabel(_ scalars: [UInt32]) -> [UInt8] {
        if let code = Punycode.encode(scalars) { return Array("xn--".utf8) + code }
        var out: [UInt8] = []
        for cp in scalars {
            for b in String(Unicode.Scalar(cp) ?? "\u{FFFD}").utf8 {
                if b < 0x80 {
                    out.append(b)
                } else {
                    out.append(0x25)
                    out.append(contentsOf: String(b, radix: 16, uppercase: true).utf8)
                }
            }
        }
        return out
    }

    // MARK: - UTS #39

    /// Why UTS #39 flags the (mapped) label `scalars`, or nil when it does not.
    static func reason(forLabel scalars: [UInt32]) -> Reason? {
        var resolved = SpoofTables.allScripts      // §5.1 resolved script set
        var withoutLatin = SpoofTables.allScripts  // the same over the characters without Latin
        var everyOneHasLookalike = true
        var latinLookalikes = 0
        var scripts: [UInt8] = []
        for cp in scalars {
            let c = Int(classIndex(cp))
            if c == 0 { return .restricted(cp) }
            let mask = SpoofTables.classScripts[c]
            resolved &= mask
            if mask & SpoofTables.latn == 0 {
                withoutLatin &= mask
                let look = SpoofTables.classLookalikes[c]
                if look == 0 { everyOneHasLookalike = false }
                if look & 1 != 0 { latinLookalikes += 1 }
            }
            let script = SpoofTables.classScript[c]
            if script < 254 && !scripts.contains(script) { scripts.append(script) }
        }
        if resolved != 0 {
            // Single script (or Common and Inherited alone): flagged only when
            // the script is not Latin and each of its letters has a Latin look-alike.
            if resolved & SpoofTables.latn == 0 && everyOneHasLookalike && latinLookalikes > 0 {
                return .wholeScriptConfusable(scripts.first.map(name) ?? "")
            }
            return nil
        }
        // Highly Restrictive: Latin with Han and Japanese kana, Bopomofo or Hangul.
        if withoutLatin & (SpoofTables.hanb | SpoofTables.jpan | SpoofTables.kore) != 0 { return nil }
        // Moderately Restrictive: Latin and one other script, not Cyrillic nor Greek.
        if withoutLatin != 0 && withoutLatin & (SpoofTables.cyrl | SpoofTables.grek) == 0 { return nil }
        return .mixedScripts(scripts.map(name))
    }

    /// The class of `cp` in `SpoofTables` (0: Restricted).
    static func classIndex(_ cp: UInt32) -> UInt8 {
        let starts = SpoofTables.starts
        var lo = 0, hi = starts.count
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if starts[mid] <= cp { lo = mid } else { hi = mid }
        }
        return SpoofTables.classes[lo]
    }

    private static func name(_ script: UInt8) -> String {
        let s = SpoofTables.scriptNames[Int(script)]
        return String(decoding: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount), as: UTF8.self)
    }
}
