@_spi(Layers) import LinkifyModel

/// Chinese and Japanese dates: `2026年12月1日`, `12月1日(火)`, `令和8年10月15日`,
/// `15時30分`, `下午3点`, `明天`, `明日の15時`, `来週の金曜日`, `下周五`, `3天后`.
extension DateReader {
    /// Any Chinese or Japanese form starting at `i` (a Han, kana or fullwidth character).
    func cjk(at i: Int) -> DateMatch? {
        if Self.isKana(scalar(at: i).value) { return withCJKTime(kanaWord(at: i)) }
        var best = withCJKTime(cjkDate(at: i))
        func consider(_ m: DateMatch?) {
            if let m, m.end > (best?.end ?? i) { best = m }
        }
        consider(cjkRelativeCount(at: i))
        consider(withCJKTime(fullwidthNumericDate(at: i)))
        consider(cjkTimeAlone(at: i))
        let month = cjkMonth(at: i)
        consider(month?.period == nil ? withCJKTime(month) : month)   // 本年7月27日 15時; not a month alone
        if !ByteClass.isDigit(t[i]) {
            consider(withCJKTime(kanaWord(at: i)))   // 本日
            // A day named with its evening or night (今夜 今晚 昨夜 明晚) puts its hour after noon.
            let part = scalar(at: i + scalar(at: i).length).value
            consider(withCJKTime(cjkRelativeDay(at: i),
                                 evening: part == 0x591C || part == 0x665A || part == 0x6669 || part == 0x5915))
            consider(withCJKTime(cjkWeekday(at: i)))
            consider(cjkPeriod(at: i))
        }
        return best
    }

    /// `[YYYY年|令和N年]M月D日` with an optional weekday in parentheses.
    func cjkDate(at i: Int) -> DateMatch? {
        var p = i
        var year: Int?
        if let (base, e) = era(at: p) {
            var n: Int
            var q: Int
            if scalar(at: e).value == 0x5143 {   // 元年: the first year of an era
                n = 1
                q = e + 3
            } else {
                guard let (v, e2) = cjkNumber(at: e, maxDigits: 2) else { return nil }
                n = v
                q = e2
            }
            guard n >= 1, scalar(at: q).value == 0x5E74 else { return nil }   // 年
            year = base + n - 1
            p = q + 3
        } else if let (v, e) = cjkNumber(at: p, maxDigits: 4), scalar(at: e).value == 0x5E74, v >= 1000 {
            year = v
            p = e + 3
        }
        guard let (month, e) = cjkNumber(at: p, maxDigits: 2), scalar(at: e).value == 0x6708,   // 月
              let (day, e2) = cjkNumber(at: e + 3, maxDigits: 2) else { return nil }
        let marker = scalar(at: e2).value
        guard marker == 0x65E5 || marker == 0x53F7 || marker == 0x865F else { return nil }   // 日 号 號
        var end = e2 + 3
        // 12月1日(火), 12月1日（火）
        let open = scalar(at: end)
        if open.value == 0x28 || open.value == 0xFF08 {
            let w = scalar(at: end + open.length)
            let close = scalar(at: end + open.length + w.length)
            if cjkWeekdayIndex(w.value, japanese: true) != nil || cjkWeekdayIndex(w.value, japanese: false) != nil,
               close.value == 0x29 || close.value == 0xFF09 {
                end += open.length + w.length + close.length
            }
        }
        return dayMonth(day: day, month: month, year: year, end: end)
    }

    /// 今日 今天 明日 明天 明後日 后天 昨日 昨天 一昨日 前天 大后天, and a part of such a
    /// day alone (今夜 今晚 今朝 昨夜 明早: that day; with a time, `cjkTimeAlone` reads it).
    func cjkRelativeDay(at i: Int) -> DateMatch? {
        let a = scalar(at: i), b = scalar(at: i + a.length)
        let c = scalar(at: i + a.length + b.length)
        var days: Int?
        var end = i + a.length + b.length
        switch (a.value, b.value) {
        case (0x4ECA, 0x65E5), (0x4ECA, 0x5929): days = 0                            // 今日 今天
        case (0x660E, 0x65E5), (0x660E, 0x5929): days = 1                            // 明日 明天
        case (0x660E, 0x5F8C) where c.value == 0x65E5, (0x660E, 0x540E) where c.value == 0x5929:
            days = 2                                                                  // 明後日 明后天
            end += c.length
        case (0x540E, 0x5929), (0x5F8C, 0x5929): days = 2                            // 后天 後天
        case (0x6628, 0x65E5), (0x6628, 0x5929): days = -1                           // 昨日 昨天
        case (0x4ECA, 0x591C), (0x4ECA, 0x6669), (0x4ECA, 0x665A), (0x4ECA, 0x671D), (0x4ECA, 0x65E9), (0x4ECA, 0x5915):
            days = 0                                                                  // 今夜 今晩 今晚 今朝 今早 今夕
        case (0x6628, 0x591C), (0x6628, 0x665A): days = -1                           // 昨夜 昨晚
        case (0x660E, 0x65E9), (0x660E, 0x665A): days = 1                            // 明早 明晚
        case (0x524D, 0x5929): days = -2                                              // 前天
        case (0x4E00, 0x6628) where c.value == 0x65E5:                                // 一昨日
            days = -2
            end += c.length
        case (0x5927, 0x540E) where c.value == 0x5929, (0x5927, 0x5F8C) where c.value == 0x5929:
            days = 3                                                                  // 大后天
            end += c.length
        default: break
        }
        guard let days else { return nil }
        return DateMatch(end: end, value: today.adding(days: days), hasTime: false)
    }

    /// `金曜日`, `来週の金曜日`, `星期五`, `周五`, `下周五`, `下星期五`, `本周日`.
    func cjkWeekday(at i: Int) -> DateMatch? {
        var p = i
        var week = 0            // 0: the next such day; 1 next week; −1 last week
        var inWeek = false      // a prefix names the week
        let a = scalar(at: p), b = scalar(at: p + a.length)
        switch (a.value, b.value) {
        case (0x6765, 0x9031), (0x4F86, 0x9031), (0x4E0B, 0x5468), (0x4E0B, 0x9031):   // 来週 來週 下周 下週
            week = 1; inWeek = true; p += a.length + b.length
        case (0x4ECA, 0x9031), (0x672C, 0x5468), (0x672C, 0x9031), (0x8FD9, 0x5468), (0x9019, 0x9031):   // 今週 本周 本週 这周 這週
            week = 0; inWeek = true; p += a.length + b.length
        case (0x5148, 0x9031), (0x4E0A, 0x5468), (0x4E0A, 0x9031):   // 先週 上周 上週
            week = -1; inWeek = true; p += a.length + b.length
        case (0x4E0B, 0x661F), (0x4E0A, 0x661F), (0x8FD9, 0x661F), (0x672C, 0x661F),    // 下星期 上星期 这星期 本星期
             (0x4E0B, 0x793C), (0x4E0A, 0x793C), (0x8FD9, 0x793C), (0x9019, 0x793C), (0x672C, 0x793C),   // 下礼拜 上礼拜 这礼拜
             (0x4E0B, 0x79AE), (0x4E0A, 0x79AE), (0x8FD9, 0x79AE), (0x9019, 0x79AE), (0x672C, 0x79AE):   // 下禮拜 上禮拜 這禮拜
            let c = scalar(at: p + a.length + b.length).value
            guard (b.value == 0x661F && c == 0x671F) || (b.value != 0x661F && c == 0x62DC) else { return nil }   // 星期, 礼拜
            week = a.value == 0x4E0B ? 1 : a.value == 0x4E0A ? -1 : 0
            inWeek = true
            p += a.length   // 星期 is read below
        default: break
        }
        if inWeek && scalar(at: p).value == 0x306E { p += 3 }   // の
        var weekday: Int?
        let x = scalar(at: p), y = scalar(at: p + x.length)
        if let d = cjkWeekdayIndex(x.value, japanese: true), y.value == 0x66DC {                      // X曜日, X曜
            weekday = d
            p += x.length + y.length
            if scalar(at: p).value == 0x65E5 { p += 3 }
        } else if (x.value == 0x661F && y.value == 0x671F) || (x.value == 0x793C && y.value == 0x62DC)
                    || (x.value == 0x79AE && y.value == 0x62DC) {                                    // 星期X 礼拜X
            let z = scalar(at: p + x.length + y.length)
            guard let d = cjkWeekdayIndex(z.value, japanese: false) else { return nil }
            weekday = d
            p += x.length + y.length + z.length
        } else if inWeek, let d = cjkWeekdayIndex(x.value, japanese: false) {                          // 下周五
            weekday = d
            p += x.length
        } else if x.value == 0x5468 || x.value == 0x9031, let d = cjkWeekdayIndex(y.value, japanese: false) {   // 周五
            weekday = d
            p += x.length + y.length
        }
        guard let weekday else { return nil }
        let value: CivilDateTime
        if inWeek {
            // The named week, Monday first (as ISO 8601 and Chinese and Japanese calendars count).
            let monday = today.adding(days: 1 - today.weekday + 7 * week)
            value = monday.adding(days: weekday - 1)
        } else {
            // A bare weekday is the next such day after today (SPEC §3), as in English.
            value = weekdayDate(weekday, .after)
        }
        return DateMatch(end: p, value: value, hasTime: false)
    }

    /// `3天后`, `3天前`, `3日後`, `2周后`, `2週間後`.
    func cjkRelativeCount(at i: Int) -> DateMatch? {
        if scalar(at: i).value == 0x534A { return cjkHalfHour(at: i) }   // 半小时前
        guard let (n, e) = cjkNumber(at: i, maxDigits: 3) else { return nil }
        var p = e
        if scalar(at: p).value == 0x4E2A || scalar(at: p).value == 0x500B,   // 个 個 before 礼拜 小时 (两个礼拜)
           [0x793C, 0x79AE, 0x5C0F].contains(scalar(at: p + 3).value) { p += 3 }
        let u = scalar(at: p)
        var unit: DateUnit
        let u2 = scalar(at: p + u.length).value
        switch u.value {
        case 0x5929, 0x65E5: unit = .day                // 天 日
        case 0x5468, 0x9031, 0x661F: unit = .week       // 周 週 星期
        case 0x793C where u2 == 0x62DC, 0x79AE where u2 == 0x62DC: unit = .week   // 礼拜 禮拜
        case 0x79D2: unit = .second                     // 秒
        case 0x6642 where u2 == 0x9593: unit = .hour    // 時間 (a duration, not 3 o'clock)
        case 0x5C0F where u2 == 0x65F6 || u2 == 0x6642: unit = .hour   // 小时 小時
        case 0x5206: unit = .minute                     // 分 分钟 分鐘 分間
        case 0x30F6, 0x304B, 0x30AB, 0x30F5, 0x4E2A, 0x500B:                             // ヶ月 か月 カ月 个月 個月
            guard u2 == 0x6708 else { return nil }
            unit = .month
        case 0x5E74: unit = .year                       // 年
        default: return nil
        }
        p += u.length
        if u.value == 0x661F {
            guard scalar(at: p).value == 0x671F else { return nil }
            p += 3
        } else if unit == .hour || unit == .month || u.value == 0x793C || u.value == 0x79AE {
            p += 3                                      // 間 时 時 月 拜
        } else if (unit == .minute || unit == .second) && (scalar(at: p).value == 0x949F || scalar(at: p).value == 0x9418) {
            p += 3                                      // 钟 鐘
        }
        return cjkShifted(n, unit, at: p)
    }

    /// `半小时前`, `半小時後`, `半个小时后`: half an hour from now or back.
    func cjkHalfHour(at i: Int) -> DateMatch? {
        var p = i + 3
        if scalar(at: p).value == 0x4E2A || scalar(at: p).value == 0x500B { p += 3 }   // 个 個
        guard scalar(at: p).value == 0x5C0F, [0x65F6, 0x6642].contains(scalar(at: p + 3).value) else { return nil }   // 小时 小時
        return cjkShifted(30, .minute, at: p + 6)
    }

    /// The count `n` of `unit` ending at `p`, then `后` `後` `前` (`之后`, `以後`, `过后`): the match.
    func cjkShifted(_ n: Int, _ unit: DateUnit, at start: Int) -> DateMatch? {
        var p = start
        if scalar(at: p).value == 0x9593 { p += 3 }     // 週間 分間
        if scalar(at: p).value == 0x4E4B || scalar(at: p).value == 0x4EE5 { p += 3 }   // 之後 以後
        else if (scalar(at: p).value == 0x8FC7 || scalar(at: p).value == 0x904E),       // 过后 過後
                [0x540E, 0x5F8C].contains(scalar(at: p + 3).value) { p += 3 }
        let d = scalar(at: p)
        var sign: Int
        switch d.value {
        case 0x540E, 0x5F8C: sign = 1                   // 后 後
        case 0x524D: sign = -1                          // 前
        default: return nil
        }
        return shifted(by: sign * n, unit, end: p + d.length)
    }

    /// A time alone: `15時30分`, `下午3点`, `午後3時`.
    func cjkTimeAlone(at i: Int) -> DateMatch? {
        guard let c = cjkClock(at: i) else { return nil }
        return combined(DateMatch(end: i, value: today, hasTime: false), c)
    }

    /// A date followed by its time: `2026年12月1日 18:15`, `明天下午3点`, `明日の15時`.
    /// `evening`: the day was named with its evening or night (`今夜8時` is 20:00).
    func withCJKTime(_ match: DateMatch?, evening: Bool = false) -> DateMatch? {
        guard let m = match else { return nil }
        guard !m.hasTime else { return m }
        var p = skipSpaces(m.end)
        if scalar(at: p).value == 0x306E { p += 3 }   // の
        if var c = cjkClock(at: p) {
            // (Only an hour written alone: `今夜午前0時` says its own half of the day.)
            if evening && c.hour < 12 && cjkNumber(at: p, maxDigits: 2) != nil { c.hour += 12 }
            return combined(m, c)
        }
        if var c = clock(at: p, afterISODate: false), p > m.end || c.hasMinutesForm {   // 8日10:05
            if evening && c.clock.hour < 12 && !c.clock.halfDayWritten { c.clock.hour += 12 }
            return combined(m, c.clock)
        }
        // A weekday between the date and its time: 2016年3月24日 木曜日 10時05分.
        let w = scalar(at: p)
        if p > m.end, cjkWeekdayIndex(w.value, japanese: true) != nil, scalar(at: p + w.length).value == 0x66DC {   // X曜
            var q = p + w.length + 3
            if scalar(at: q).value == 0x65E5 { q += 3 }   // 日
            let r = skipSpaces(q)
            if r > q, let c = cjkClock(at: r) { return combined(m, c) }
            if r > q, let c = clock(at: r, afterISODate: false) { return combined(m, c.clock) }
        }
        return m
    }

    /// `15時`, `15時30分`, `3点半`, `下午3点15分`, `午後3:30`, `上午10点`.
    func cjkClock(at i: Int) -> ClockMatch? {
        var p = i
        var period = 0          // 1 morning, 2 afternoon or evening, 3 noon
        let a = scalar(at: p), b = scalar(at: p + a.length)
        switch (a.value, b.value) {
        case (0x5348, 0x524D), (0x4E0A, 0x5348), (0x65E9, 0x4E0A), (0x65E9, 0x6668), (0x51CC, 0x6668):   // 午前 上午 早上 早晨 凌晨
            period = 1; p += a.length + b.length
        case (0x5348, 0x5F8C), (0x4E0B, 0x5348), (0x665A, 0x4E0A), (0x508D, 0x665A):   // 午後 下午 晚上 傍晚
            period = 2; p += a.length + b.length
        case (0x4E2D, 0x5348):                                                         // 中午
            period = 3; p += a.length + b.length
        case (0x4ECA, 0x665A), (0x4ECA, 0x591C), (0x4ECA, 0x6669), (0x5915, 0x65B9):   // 今晚 今夜 今晩 夕方
            period = 2; p += a.length + b.length
        case (0x6B63, 0x5348):                                                         // 正午: noon itself
            return ClockMatch(end: p + a.length + b.length, hour: 12, minute: 0, second: 0)
        default:
            if a.value == 0x591C || a.value == 0x665A { period = 2; p += a.length }    // 夜 晚
            else if a.value == 0x671D { period = 1; p += a.length }                    // 朝
            else if a.value == 0x663C { period = 3; p += a.length }                    // 昼
        }
        var hour: Int, minute = 0
        var end: Int
        if let (h, e) = cjkNumber(at: p, maxDigits: 2), [0x6642, 0x65F6, 0x70B9, 0x9EDE].contains(scalar(at: e).value) {   // 時 时 点 點
            hour = h
            end = e + 3
            let after = scalar(at: end).value
            if after == 0x9593 || after == 0x949F || after == 0x9418 { return nil }   // 時間 3 hours, 点钟 is read by clock words
            if let (m, e2) = cjkNumber(at: end, maxDigits: 2), scalar(at: e2).value == 0x5206 {   // 分
                minute = m
                end = e2 + 3
            } else if let (m, e2) = cjkNumber(at: end, maxDigits: 2), m <= 59, !Self.countUnits.contains(scalar(at: e2).value) {
                minute = m                                // 三点十五, 10点05
                end = e2
            } else if scalar(at: end).value == 0x534A {   // 半
                minute = 30
                end += 3
            }
        } else if period != 0, let c = clock(at: p, afterISODate: false) {
            hour = c.clock.hour
            minute = c.clock.minute
            end = c.clock.end
        } else {
            return nil
        }
        switch period {
        case 1: if hour == 12 { hour = 0 }
        case 2: if hour < 12 { hour += 12 }
        case 3: if hour < 6 { hour += 12 }
        default: break
        }
        guard hour <= 23, minute <= 59 else { return nil }
        return ClockMatch(end: end, hour: hour, minute: minute, second: 0)
    }

    /// The first year of 令和, 平成, 昭和 and the end of the era name.
    func era(at i: Int) -> (Int, Int)? {
        let a = scalar(at: i), b = scalar(at: i + a.length)
        switch (a.value, b.value) {
        case (0x4EE4, 0x548C): return (2019, i + a.length + b.length)   // 令和
        case (0x5E73, 0x6210): return (1989, i + a.length + b.length)   // 平成
        case (0x662D, 0x548C): return (1926, i + a.length + b.length)   // 昭和
        default: return nil
        }
    }

    /// 1 Monday … 7 Sunday of a weekday character: Japanese 月火水木金土日,
    /// Chinese 一二三四五六日天.
    func cjkWeekdayIndex(_ v: UInt32, japanese: Bool) -> Int? {
        let list: [UInt32] = japanese
            ? [0x6708, 0x706B, 0x6C34, 0x6728, 0x91D1, 0x571F, 0x65E5]
            : [0x4E00, 0x4E8C, 0x4E09, 0x56DB, 0x4E94, 0x516D, 0x65E5]
        if let k = list.firstIndex(of: v) { return k + 1 }
        return !japanese && v == 0x5929 ? 7 : nil
    }

    /// ASCII or fullwidth digits, or Chinese numerals (`十二`, `二〇二六`), at `i`:
    /// the value and the end. Not when a digit comes right before `i`.
    func cjkNumber(at i: Int, maxDigits: Int) -> (Int, Int)? {
        var p = i
        var value = 0
        var n = 0
        while n <= maxDigits {
            let s = scalar(at: p)
            var d: Int
            if s.value >= 0x30 && s.value <= 0x39 {
                d = Int(s.value - 0x30)
            } else if s.value >= 0xFF10 && s.value <= 0xFF19 {
                d = Int(s.value - 0xFF10)
            } else {
                break
            }
            value = value * 10 + d
            n += 1
            p += s.length
        }
        if n > maxDigits { return nil }
        if n > 0 { return (value, p) }
        return chineseNumeral(at: i, maxDigits: maxDigits)
    }

    /// Whether `v` is a digit (ASCII or fullwidth), a Chinese digit or 十: a number's scalar.
    static func isNumberScalar(_ v: UInt32) -> Bool {
        (v >= 0x30 && v <= 0x39) || (v >= 0xFF10 && v <= 0xFF19) || chineseDigits[v] != nil || v == 0x5341
    }

    /// `一` … `九十九`, or digit by digit (`二〇二六`).
    func chineseNumeral(at i: Int, maxDigits: Int) -> (Int, Int)? {
        // 廿 (20) and 卅 (30), then a digit or none: 廿六 26, 卅一 31.
        let first = scalar(at: i)
        if first.value == 0x5EFF || first.value == 0x5345 {
            guard maxDigits >= 2 else { return nil }
            let tens = first.value == 0x5EFF ? 20 : 30
            let s = scalar(at: i + first.length)
            if let d = Self.chineseDigits[s.value], d > 0 { return (tens + d, i + first.length + s.length) }
            return (tens, i + first.length)
        }
        var p = i
        var digits: [Int] = []
        var tenAt: Int?
        while digits.count + (tenAt == nil ? 0 : 1) <= maxDigits + 1 {
            let s = scalar(at: p)
            if s.value == 0x5341 {   // 十
                guard tenAt == nil else { return nil }
                tenAt = digits.count
            } else if let d = Self.chineseDigits[s.value] {
                digits.append(d)
            } else {
                break
            }
            p += s.length
        }
        guard p > i else { return nil }
        if let tenAt {
            guard tenAt <= 1, digits.count - tenAt <= 1 else { return nil }
            let tens = tenAt == 1 ? digits[0] : 1
            let ones = digits.count > tenAt ? digits[tenAt] : 0
            guard tens >= 1 else { return nil }
            return (tens * 10 + ones, p)
        }
        guard digits.count <= maxDigits else { return nil }
        return (digits.reduce(0) { $0 * 10 + $1 }, p)
    }

    /// Characters after a number that make it a count, not the minutes of `三点十五`: 分 秒 个 個 天 日 年 月 号 號 人 次 点 點 时 時 岁 歲.
    static let countUnits: Set<UInt32> = [0x5206, 0x79D2, 0x4E2A, 0x500B, 0x5929, 0x65E5, 0x5E74, 0x6708, 0x53F7, 0x865F,
                                          0x4EBA, 0x6B21, 0x70B9, 0x9EDE, 0x65F6, 0x6642, 0x5C81, 0x6B72]

    static let chineseDigits: [UInt32: Int] = [
        0x3007: 0, 0x96F6: 0, 0x4E00: 1, 0x4E8C: 2, 0x4E24: 2, 0x4E09: 3, 0x56DB: 4,
        0x4E94: 5, 0x516D: 6, 0x4E03: 7, 0x516B: 8, 0x4E5D: 9,
    ]

    /// The scalar at `i` and its length (0, length 1 past the end or for an invalid byte).
    @inline(__always)
    func scalar(at i: Int) -> (value: UInt32, length: Int) {
        guard i < t.count else { return (0, 1) }
        let (v, len) = UTF8Bytes.decode(t, at: i)
        return (v == UTF8Bytes.invalid ? 0 : v, len)
    }
}
