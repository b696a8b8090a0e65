/// File names are bytes on Linux and need not be UTF-8; Swift strings are.
/// A path is kept in a `String` with each byte that is not part of valid
/// UTF-8 stored as the private-use scalar U+10FF00 + byte (U+10FF80…U+10FFFF,
/// as invalid bytes are all 0x80 or more). To stay one to one, a name that
/// really contains one of those scalars has the bytes of that scalar stored
/// the same way. Every system call gets the exact bytes back (`withCString`),
/// and messages show each stored byte as `\xHH` (`displayed`).
enum PathBytes {
    /// The first scalar that stands for a byte.
    static let base: UInt32 = 0x10FF00
    static let firstByteScalar: UInt32 = 0x10FF80

    /// The path whose bytes are `bytes`.
    static func string<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        let array = Array(bytes)
        // The common case: valid UTF-8 without the stored-byte scalars.
        if let s = String(validating: array, as: UTF8.self), !s.unicodeScalars.contains(where: isByteScalar) { return s }
        var scalars = String.UnicodeScalarView()
        var i = 0
        while i < array.count {
            if let (scalar, length) = decode(array, at: i), !isByteScalar(scalar) {
                scalars.append(scalar)
                i += length
            } else {
                // An invalid byte, or the first byte of a scalar that must be stored byte by byte.
                let length = decode(array, at: i)?.1 ?? 1
                for b in array[i..<i + length] { scalars.append(Unicode.Scalar(base + UInt32(b))!) }
                i += length
            }
        }
        return String(scalars)
    }

    /// The path named by the NUL-terminated `cString`.
    static func string(cString: UnsafePointer<CChar>) -> String {
        var n = 0
        while cString[n] != 0 { n += 1 }
        // The bytes as UInt8 in place (a lazy map here cost a generic array type at every start).
        return UnsafeRawPointer(cString).withMemoryRebound(to: UInt8.self, capacity: n) {
            string(UnsafeBufferPointer(start: $0, count: n))
        }
    }

    /// The bytes `path` stands for.
    static func bytes(_ path: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if isByteScalar(scalar) {
                out.append(UInt8(scalar.value - base))
            } else {
                out.append(contentsOf: String(scalar).utf8)
            }
        }
        return out
    }

    /// Calls `body` with the NUL-terminated bytes of `path`, for a system call.
    static func withCString<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        guard path.unicodeScalars.contains(where: isByteScalar) else { return try path.withCString(body) }
        var raw = bytes(path).map { CChar(bitPattern: $0) }
        raw.append(0)
        return try raw.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// The last component of `path` (`b.md` in `a/b.md/`): trailing slashes
    /// are not a component; a path of slashes only is its own last component.
    static func lastComponent(_ path: String) -> Substring {
        path.split(separator: "/").last ?? path[...]
    }

    /// `text` for a message: each stored byte written `\xHH`.
    static func displayed(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isByteScalar) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isByteScalar(scalar) {
                let b = scalar.value - base
                out += "\\x" + String(b >> 4, radix: 16, uppercase: true) + String(b & 0xF, radix: 16, uppercase: true)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    @inline(__always)
    static func isByteScalar(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= firstByteScalar }

    /// The scalar of the valid UTF-8 sequence at `i` and its length, or nil.
    static func decode(_ b: [UInt8], at i: Int) -> (Unicode.Scalar, Int)? {
        let lead = b[i]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
        default: return nil
        }
        guard i + length <= b.count else { return nil }
        for k in 1..<length {
            let c = b[i + k]
            guard c & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(c & 0x3F)
        }
        // Overlong forms, surrogates and values past U+10FFFF are invalid.
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
