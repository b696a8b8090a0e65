// Reads text on stdin and writes it as HTML: text escaped, links as anchors.
// `--no-scheme` turns on url_must_have_scheme(false), like linkify's default profile.
use linkify::{LinkFinder, LinkKind};
use std::io::{self, BufRead, BufWriter, Read, Write};

fn escape(out: &mut impl Write, s: &str) -> io::Result<()> {
    let b = s.as_bytes();
    let mut run = 0;
    for (i, &c) in b.iter().enumerate() {
        let rep: &[u8] = match c {
            b'&' => b"&amp;", b'<' => b"&lt;", b'>' => b"&gt;", b'"' => b"&quot;", b'\'' => b"&#39;",
            _ => continue,
        };
        out.write_all(&b[run..i])?;
        out.write_all(rep)?;
        run = i + 1;
    }
    out.write_all(&b[run..])
}

fn main() -> io::Result<()> {
    let mut finder = LinkFinder::new();
    finder.kinds(&[LinkKind::Url, LinkKind::Email]);
    if std::env::args().any(|a| a == "--no-scheme") {
        finder.url_must_have_scheme(false);
    }
    let mut input = io::BufReader::with_capacity(1 << 16, io::stdin().lock());
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut block = Vec::with_capacity(1 << 17);
    loop {
        // Whole lines, about 64 KiB at a time (links never span a newline).
        block.clear();
        (&mut input).take(1 << 16).read_to_end(&mut block)?;
        if block.is_empty() { break; }
        input.read_until(b'\n', &mut block)?;
        let text = String::from_utf8_lossy(&block);
        for span in finder.spans(&text) {
            match span.kind() {
                Some(LinkKind::Email) => write!(out, "<a href=\"mailto:")?,
                Some(_) if !span.as_str().contains("://") => write!(out, "<a href=\"https://")?,
                Some(_) => write!(out, "<a href=\"")?,
                None => { escape(&mut out, span.as_str())?; continue; }
            }
            escape(&mut out, span.as_str())?;
            out.write_all(b"\">")?;
            escape(&mut out, span.as_str())?;
            out.write_all(b"</a>")?;
        }
    }
    out.flush()
}
