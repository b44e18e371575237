import Foundation

/// The rows of a batch's values file, read one at a time (memory does not grow with the file): a CSV (RFC 4180:
/// quoted fields, doubled quotes, commas and line breaks inside quotes, CRLF, LF or CR alone as old spreadsheets
/// write; the first record names the values) or JSON Lines (one object of names and strings or numbers a line). A
/// byte order mark at the start is skipped. A field or line over ``maximumFieldBytes`` is a bad row (its bytes
/// past the limit are read and dropped), and the rows after it are read as usual.
///
/// Not `Sendable`: one reader is read by one thread at a time (a batch's workers take turns under a lock).
final class BatchRows {
    /// One row: the file line it starts on (the header is line 1) and its values, or why it has none.
    struct Row {
        /// Where the row starts in the file, from 1.
        let line: Int
        /// The row's values by name, or what is wrong with it.
        let values: Result<[String: String], BatchRowError>
    }

    /// The two kinds of values files.
    enum Format {
        case csv
        case jsonLines
    }

    private let handle: FileHandle
    private let format: Format
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false
    /// The line the next byte is on.
    private var line = 1
    /// The CSV header's names.
    private var header: [String] = []

    /// The most bytes a CSV field or a JSON Lines line may have: 1 MiB, far more than any title or URL.
    static let maximumFieldBytes = 1 << 20

    /// A reader of the file at `path`, its format from its extension (`.csv`; `.jsonl`, `.ndjson`).
    /// - Throws: `CLIError` when the file cannot be opened, its extension is neither, or a CSV has no header.
    init(path: String) throws {
        let lowercased = path.lowercased()
        if lowercased.hasSuffix(".csv") {
            format = .csv
        } else if lowercased.hasSuffix(".jsonl") || lowercased.hasSuffix(".ndjson") {
            format = .jsonLines
        } else {
            throw CLIError(description: "\(path): give the values as a .csv file (a header line of names) or a .jsonl "
                           + "file (a JSON object a line)")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CLIError(description: "\(path): cannot read the values file")
        }
        self.handle = handle
        // A byte order mark, as spreadsheets write, is no part of the first name or line.
        if try peek() == 0xEF, buffer.count >= 3, buffer[position..<position + 3].elementsEqual([0xEF, 0xBB, 0xBF]) {
            position += 3
        }
        if format == .csv {
            guard let names = try record() else {
                throw CLIError(description: "\(path): the CSV file is empty; its first line names the values")
            }
            header = names.fields.map { $0.trimmingCharacters(in: .whitespaces) }
            guard !header.contains(""), Set(header).count == header.count else {
                throw CLIError(description: "\(path): line 1 names the values: each column needs a name of its own")
            }
        }
    }

    deinit { try? handle.close() }

    /// A CSV file's column names (its first line); `nil` for JSON Lines, whose rows name their own.
    var columns: [String]? { format == .csv ? header : nil }

    /// The next row, or `nil` at the end of the file.
    /// - Throws: `CLIError` when the file cannot be read.
    func next() throws -> Row? {
        switch format {
        case .csv:
            guard let record = try record() else { return nil }
            if let problem = record.problem { return Row(line: record.line, values: .failure(BatchRowError(problem))) }
            guard record.fields.count == header.count else {
                let count = record.fields.count
                return Row(line: record.line, values: .failure(BatchRowError(
                    "\(count) field\(count == 1 ? "" : "s") where line 1 names \(header.count)")))
            }
            let values = Dictionary(uniqueKeysWithValues: zip(header, record.fields))
            return Row(line: record.line, values: .success(values))
        case .jsonLines:
            while let (start, text, cut) = try textLine() {
                if cut {
                    return Row(line: start, values: .failure(BatchRowError(
                        "a line of more than \(Self.maximumFieldBytes) bytes; a row's line has at most that")))
                }
                if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }  // a blank line
                return Row(line: start, values: BatchRows.object(text))
            }
            return nil
        }
    }

    /// A JSON Lines row's values: an object of strings, numbers and booleans.
    private static func object(_ line: [UInt8]) -> Result<[String: String], BatchRowError> {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
            return .failure(BatchRowError("not a JSON object of names and values"))
        }
        var values: [String: String] = [:]
        for (name, value) in object {
            switch value {
            case let text as String: values[name] = text
            case let number as NSNumber: values[name] = number.stringValue
            default: return .failure(BatchRowError("\"\(name)\" is not a string or a number"))
            }
        }
        return .success(values)
    }

    // MARK: - Bytes

    /// The next byte, reading more of the file when the buffer is spent; `nil` at its end.
    private func byte() throws -> UInt8? {
        if position == buffer.count {
            guard !atEnd else { return nil }
            let chunk: Data?
            do {
                chunk = try handle.read(upToCount: 1 << 16)
            } catch {
                throw CLIError(description: "the values file cannot be read: \(error.localizedDescription)")
            }
            guard let chunk, !chunk.isEmpty else {
                atEnd = true
                return nil
            }
            buffer = [UInt8](chunk)
            position = 0
        }
        defer { position += 1 }
        let value = buffer[position]
        if value == 0x0A { line += 1 }
        return value
    }

    /// The next byte without taking it.
    private func peek() throws -> UInt8? {
        guard let value = try byte() else { return nil }
        position -= 1
        if value == 0x0A { line -= 1 }
        return value
    }

    /// Whether `value`, just read, ends a line: an LF, or a CR without an LF after it (which is then counted as
    /// a line of its own).
    private func endsLine(_ value: UInt8) throws -> Bool {
        if value == 0x0A { return true }
        guard value == 0x0D, try peek() != 0x0A else { return false }
        line += 1
        return true
    }

    /// The next line's bytes (without its line break; at most ``maximumFieldBytes``), the line number it is on, and
    /// whether it was longer (the rest read and dropped); `nil` at the end.
    private func textLine() throws -> (Int, [UInt8], Bool)? {
        let start = line
        var bytes: [UInt8] = [], cut = false
        while let value = try byte() {
            if try endsLine(value) { return (start, bytes, cut) }
            guard bytes.count < Self.maximumFieldBytes else {
                cut = true
                continue
            }
            bytes.append(value)
        }
        return bytes.isEmpty ? nil : (start, bytes, cut)
    }

    /// The next CSV record: its fields (UTF-8), the line it starts on, and what is wrong with it if anything;
    /// `nil` at the end of the file. A blank line is no record.
    private func record() throws -> (fields: [String], line: Int, problem: String?)? {
        var start = line
        var fields: [String] = []
        var field: [UInt8] = []
        var problem: String?
        var quoted = false, wasQuoted = false, sawAny = false
        // Where the open quote began, and the line breaks read inside quotes since (a field's own, or — when the
        // quote is never closed — the rows it swallows).
        var quoteLine = 0, breaksInQuote = 0
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field = []
            wasQuoted = false
        }
        /// Adds a byte to the field, up to the limit; past it the byte is dropped and the record is a bad row.
        func append(_ value: UInt8) {
            guard field.count < Self.maximumFieldBytes else {
                problem = problem ?? "a field of more than \(Self.maximumFieldBytes) bytes; a value has at most that"
                return
            }
            field.append(value)
        }
        while let value = try byte() {
            if quoted {
                if value == 0x22 {  // a quote: doubled, or the end of the quoted part
                    if try peek() == 0x22 {
                        _ = try byte()
                        append(0x22)
                    } else {
                        quoted = false
                        wasQuoted = true
                    }
                } else {
                    if value == 0x0A { breaksInQuote += 1 }
                    append(value)
                }
                continue
            }
            switch value {
            case 0x2C:  // ,
                sawAny = true
                endField()
            case 0x0D where try peek() == 0x0A:
                continue  // CRLF: the LF ends the record
            case 0x0A, 0x0D:  // LF, or a CR alone (endsLine counts it as a line)
                _ = try endsLine(value)
                if !sawAny && field.isEmpty && fields.isEmpty {
                    start = line  // a blank line: no record
                    continue
                }
                endField()
                return (fields, start, problem)
            case 0x22:
                sawAny = true
                if field.isEmpty && !wasQuoted {
                    quoted = true
                    (quoteLine, breaksInQuote) = (line, 0)
                } else {
                    problem = problem
                        ?? "a quote inside an unquoted field (quote the whole field, and double the quote)"
                    append(value)
                }
            default:
                sawAny = true
                if wasQuoted {
                    problem = problem ?? "text after a quoted field's closing quote"
                }
                append(value)
            }
        }
        if quoted {
            // The file's final line break ends the last line swallowed; it starts none.
            if field.last == 0x0A { breaksInQuote -= 1 }
            problem = problem ?? "a quote opened on line \(quoteLine) is not closed before the end of the file"
                + (breaksInQuote > 0 ? ": lines \(quoteLine + 1)–\(quoteLine + breaksInQuote) were read into this "
                   + "field, and their rows are lost; close the quote (a quote inside a field is doubled)" : "")
        }
        guard sawAny || !field.isEmpty || !fields.isEmpty else { return nil }
        endField()
        return (fields, start, problem)
    }
}

/// Why a batch row has no values (a CSV row with too few fields, a line that is not a JSON object).
struct BatchRowError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
