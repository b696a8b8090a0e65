#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The environment variables the driver reads (`LC_ALL`, `LANG`, `NO_COLOR`;
/// `HOME` and `XDG_CONFIG_HOME` for git's global excludes file),
/// looked up by name; tests give them as a dictionary literal.
///
/// Names and values in two arrays, not a `[String: String]`: the first dictionary a run
/// builds makes the Swift runtime look up `String: Hashable` among every
/// protocol conformance of the process, a tenth of the start-up instructions
/// (docs/benchmarks.md, "Start-up"); five names need no hashing.
package struct Environment: Sendable, ExpressibleByDictionaryLiteral {
    /// The variables linkify reads (`Environment.process()` copies only these).
    package static let names = ["LC_ALL", "LANG", "NO_COLOR", "HOME", "XDG_CONFIG_HOME"]

    // Two arrays of strings, whose array type every run makes anyway.
    private var keys: [String] = []
    private var values: [String] = []

    /// No variables.
    package init() {}

    /// `["LANG": "en_US.UTF-8"]`.
    package init(dictionaryLiteral elements: (String, String)...) {
        for (key, value) in elements {
            keys.append(key)
            values.append(value)
        }
    }

    /// The variables of `names` that this process has.
    package static func process() -> Environment {
        var environment = Environment()
        for name in names {
            if let value = getenv(name) {
                environment.keys.append(name)
                environment.values.append(String(cString: value))
            }
        }
        return environment
    }

    /// The value of `name`, nil when it is not set.
    package subscript(name: String) -> String? {
        keys.lastIndex(of: name).map { values[$0] }
    }
}
