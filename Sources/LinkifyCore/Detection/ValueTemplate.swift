/// Expands `{}` in a URL template with a value, UTF-8 percent-encoded as the
/// part of the URL it lands in requires (SPEC §2 "Templates"): in the path,
/// `/ ? #` and the like are encoded; in the query, also `& = +`.
///
/// A minimal stand-in used by the date and address detectors until the
/// shared `URLTemplate` helper lands.
enum ValueTemplate {
    static func expand(_ template: String, value: String) -> String {
        guard template.contains("{}") else { return template }
        var out = ""
        var inQuery = false
        let scalars = Array(template.unicodeScalars)
        var k = 0
        while k < scalars.count {
            let c = scalars[k]
            if c == "{" && k + 1 < scalars.count && scalars[k + 1] == "}" {
                out += encoded(value, inQuery: inQuery)
                k += 2
                continue
            }
            if c == "?" || c == "#" { inQuery = true }
            out.unicodeScalars.append(c)
            k += 1
        }
        return out
    }

    static func encoded(_ value: String, inQuery: Bool) -> String {
        var out = ""
        let hex = Array("0123456789ABCDEF".utf8)
        for b in value.utf8 {
            let isUnreserved = ByteClass.isAlnum(b) || b == 0x2D || b == 0x2E || b == 0x5F || b == 0x7E
            let keptInPath = b == 0x3A || b == 0x40 || b == 0x21 || b == 0x24 || b == 0x27 || b == 0x28 || b == 0x29
                || b == 0x2A || b == 0x2C || b == 0x3B
            let keptInQuery = keptInPath || b == 0x2F || b == 0x3F
            if isUnreserved || (inQuery ? keptInQuery && b != 0x2B : keptInPath) {
                out.unicodeScalars.append(Unicode.Scalar(b))
            } else {
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(Unicode.Scalar(hex[Int(b >> 4)]))
                out.unicodeScalars.append(Unicode.Scalar(hex[Int(b & 15)]))
            }
        }
        return out
    }
}
