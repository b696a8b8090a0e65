import Testing
@testable import LinkifyCore

/// The shortcuts taken for speed agree with the plain definitions they replace.
@Suite struct FastPathTests {
    @Test func byteClassesMatchTheirDefinitions() {
        for i in 0..<256 {
            let b = UInt8(i)
            let alpha = (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b)
            let digit = (0x30...0x39).contains(b)
            #expect(ByteClass.isAlpha(b) == alpha, "byte \(i)")
            #expect(ByteClass.isDigit(b) == digit, "byte \(i)")
            #expect(ByteClass.isHostASCII(b) == (alpha || digit || b == 0x2D), "byte \(i)")
            #expect(ByteClass.isSchemeChar(b) == (alpha || digit || b == 0x2B || b == 0x2D || b == 0x2E), "byte \(i)")
            #expect(ByteClass.isSpace(b) == (b == 0x20 || (0x09...0x0D).contains(b)), "byte \(i)")
        }
    }

    @Test(arguments: ["", "a", ".", "abcdefghijklmnopq.", "0123456789abcdef:", "0123456789abcdef0123456789abcdef\u{3002}x",
                      String(repeating: "x", count: 40) + "\u{FF0E}", "xy\u{E9}z.w", String(repeating: "a", count: 100)])
    func triggerSearchFindsTheFirstTrigger(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { t in
            for start in 0...t.count {
                let expected = (start..<t.count).first { UTS58Scanner.isTrigger(t[$0]) } ?? t.count
                #expect(UTS58Scanner.nextTrigger(t, from: start) == expected, "from \(start)")
            }
        }
    }

    @Test func escapingRunsAcrossBlocks() {
        let text = String(repeating: "abcdefghijklmno", count: 3) + "<&>\"'" + String(repeating: "z", count: 17) + "&"
        let expected = String(repeating: "abcdefghijklmno", count: 3) + "&lt;&amp;&gt;&quot;&#39;"
            + String(repeating: "z", count: 17) + "&amp;"
        #expect(HTMLEscaping.escaped(text) == expected)
        // A range that ends before a special byte leaves it out.
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        bytes.withUnsafeBufferPointer { HTMLEscaping.appendEscaped($0, 0..<45, into: &out) }
        #expect(out == Array(String(repeating: "abcdefghijklmno", count: 3).utf8))
    }

    @Test func webSchemeTestAgreesWithTheSet() {
        let candidates = UTS58Scanner.webSchemes.flatMap { [$0, $0.uppercased()] } + ["htt", "httpss", "w", "wx", "sftpx", "ftpx", "mailto", ""]
        for word in candidates {
            let bytes = Array(word.utf8)
            let fast = bytes.withUnsafeBufferPointer { UTS58Scanner.isWebScheme($0, 0..<$0.count) }
            #expect(fast == UTS58Scanner.webSchemes.contains(word.lowercased()), "\(word)")
        }
    }

    @Test(arguments: ["javascript:alert(1)", "JavaScript:x", "  vbscript:x", "\tdata:text/html", "java\tscript:x", "DATA:",
                      "https://example.com", "mailto:a@b.c", "javascriptx:y", "data", ":", "", "jav ascript:x", "é:x",
                      "\n\ndata:x", "d\na\rta:x", "&#106;avascript:x", "%6Aavascript:x", "javascript&colon;x", "1data:x",
                      "data\u{7F}:x", "abcdefghijk%3Ax", "javascript:%20", String(repeating: " ", count: 5000) + "data:x"])
    func dangerousSchemeShortcutAgreesWithSchemeOf(_ target: String) {
        let expected = LinkPolicy.scheme(of: target).map(LinkPolicy.dangerousSchemes.contains) ?? false
        if let quick = LinkPolicy.quickIsDangerous(target) { #expect(quick == expected) }
        #expect((LinkPolicy().rejection(of: target) != nil) == expected)
    }

    @Test func targetsAreBuiltWithTheirPrefix() {
        let bytes = Array("xx example.com yy".utf8)
        let s = bytes.withUnsafeBufferPointer { UTF8Bytes.string(prefix: "https://", $0, 3..<14) }
        #expect(s == "https://example.com")
        let invalid: [UInt8] = [0x61, 0xFF, 0x62]
        #expect(invalid.withUnsafeBufferPointer { UTF8Bytes.string(prefix: "p:", $0, 0..<3) } == "p:a\u{FFFD}b")
    }

    @Test(arguments: ["see |a.b.c.d.e.f.g.example.com| now", "x |ab-cd.example.org| |ef.example.org|",
                      "@@ |a.example.com|, |b.example.com|", "words words |déjà.example.com|"])
    func hostRunsAreFoundBackwards(_ line: String) {
        #expect(marked(unmarked(line)) == line)
    }
}
