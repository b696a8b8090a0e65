@_spi(Layers) import LinkifyModel

/// The log forms that write the year after the time: date(1)
/// `Thu Jul 18 01:30:22 MDT 1996`, ctime `Mon Apr 15 18:37:42 1996` and
/// git log `Mon Jul 13 19:25:25 2026 -0600`. They are one date whose value
/// takes the text's own year and offset, not the next such day after `--now`.
/// (RFC 2822, `Mon, 13 Jul 2026 19:25:25 -0600`, puts the year before the
/// time and needs nothing here; an RFC 3164 syslog stamp has no year.)
extension DateReader {
    /// `m`, a day and month without a year followed by a time, extended over
    /// a year four digits long one space after that time (or after a zone
    /// name, or at the start of the next line when wrapping put it there),
    /// and then over a `±HHMM` offset one space after the year when
    /// the time has no zone yet.
    func withTrailingYear(_ match: DateMatch?) -> DateMatch? {
        guard let m = match, m.hasTime, !m.hasYear else { return match }
        if byte(m.end) != 0x20 {
            // The year wrapped to the next line (`Thu May 14 18:05:05\n     2020`).
            guard let y = wrappedYear(at: m.end),
                  CivilDateTime.isValidDate(year: y.value, month: m.value.month, day: m.value.day) else { return match }
            var value = m.value
            value.year = y.value
            return DateMatch(end: y.end, value: value, hasTime: true, hasYear: true)
        }
        var p = m.end
        // A zone name the table does not hold, or holds for more than one
        // place (`IST`: India, Ireland, Israel): the year is read, no offset.
        if m.value.utcOffsetMinutes == nil, let w = TextWord.read(t, at: p + 1), w.isUppercase,
           (2...5).contains(w.letters), byte(w.end) == 0x20, year4(at: w.end + 1) != nil {
            p = w.end
        }
        guard let y = year4(at: p + 1),
              CivilDateTime.isValidDate(year: y.value, month: m.value.month, day: m.value.day) else { return match }
        var value = m.value
        value.year = y.value
        var end = y.end
        if value.utcOffsetMinutes == nil, byte(end) == 0x20,
           let (offset, e) = signedOffset(at: end + 1, allowsMinus: true, requiresMinutes: true) {
            value.utcOffsetMinutes = offset
            end = e
        }
        return DateMatch(end: end, value: value, hasTime: true, hasYear: true)
    }
}
