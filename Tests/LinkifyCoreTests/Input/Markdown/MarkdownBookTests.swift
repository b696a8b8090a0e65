import Testing
@testable import LinkifyCore
@testable import LinkifyDetectors
@testable import LinkifyFinding
@testable import LinkifyInput
@_spi(Layers) @testable import LinkifyModel
@testable import LinkifyRendering

/// `linkify -i` over a real Markdown book leaves file paths, code spans and
/// `file:line` references alone (`src/main.rs:2:5` once became
/// `src/[main.rs:2](https://main.rs:2):5`).
///
/// The excerpt is from "The Rust Programming Language" as Debian's rust-doc
/// 1.63 ships it (/usr/share/doc/rust-doc/html/book/ch01-02-hello-world.html
/// and ch03-03-how-functions-work.html), written back as the book's Markdown:
/// emphasis, code spans, fenced listings and the compiler's output, as in the
/// book's sources. `-i` writes what the Markdown renderer writes for Markdown input.
@Suite struct MarkdownBookTests {
    static let excerpt = #"""
    ### Writing and Running a Rust Program

    Next, make a new source file and call it *main.rs*. Rust files always end with
    the *.rs* extension. If you’re using more than one word in your filename, the
    convention is to use an underscore to separate them. For example, use
    *hello_world.rs* rather than *helloworld.rs*.

    Now open the *main.rs* file you just created and enter the code in Listing 1-1.

    <span class="filename">Filename: main.rs</span>

    ```rust
    fn main() {
        println!("Hello, world!");
    }
    ```

    On Windows, enter the command `.\main.exe` instead of `./main`:

    ```powershell
    > rustc main.rs
    > .\main.exe
    Hello, world!
    ```

    Filename: src/main.rs

    When you run this program, the error you’ll get looks like this:

    ```console
    $ cargo run
       Compiling functions v0.1.0 (file:///projects/functions)
    error: expected expression, found statement (`let`)
     --> src/main.rs:2:14
      |
    2 |     let x = (let y = 6);
      |              ^^^^^^^^^
    ```

    The error is reported at src/main.rs:2:14, in the `main` function of
    *src/main.rs*; Cargo reads *Cargo.toml* and writes *Cargo.lock*.
    """#

    @Test func bookExcerptIsUntouched() {
        #expect(rendered(Self.excerpt, .markdown, input: .markdown) == Self.excerpt)
    }

    /// The same renderer does link a bare URL in such prose, so the test above can fail.
    @Test func aURLInTheSameProseIsLinked() {
        let line = "The book is at https://doc.rust-lang.org/book/ and main.rs stays a file.\n"
        #expect(rendered(line, .markdown, input: .markdown)
                == "The book is at <https://doc.rust-lang.org/book/> and main.rs stays a file.\n")
    }
}
