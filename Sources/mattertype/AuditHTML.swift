import Foundation
import MatterType
import MatterTypeCards

/// `audit --html`: one self-contained page a person scrolls through — each row with a problem drawn, its problems'
/// boxes outlined and listed, filterable by kind and by language (a `lang` value); clean rows counted. Written as
/// rows arrive (in row order), closed by ``finish(summary:)``.
final class AuditHTML: @unchecked Sendable {
    // Unchecked: written only under the audit's lock, in row order.
    private let file: FileHandle
    /// The widest a row's image is drawn, in pixels.
    static let imageWidth = 640.0
    private var cleanRows = 0

    /// Starts the page at `path`.
    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let file = FileHandle(forWritingAtPath: path) else {
            throw CLIError(description: "\(path): cannot write the report; check the folder exists and is writable")
        }
        self.file = file
        write(Self.head)
    }

    private func write(_ text: String) { file.write(Data(text.utf8)) }

    /// A row's image for the page: `card` drawn at most ``imageWidth`` pixels wide, as PNG; `nil` when it cannot
    /// be drawn.
    static func image(of card: Card, renderer: CardRenderer) -> Data? {
        var small = card
        small.scale = min(card.scale, imageWidth / max(card.width, 1))
        return try? renderer.encoded(small, format: .png)
    }

    /// Counts a row without a problem.
    func countClean() { cleanRows += 1 }

    /// Adds row `number` (its values, problems, and its card's size and ``image(of:renderer:)``); a row with none
    /// but line counts is only counted.
    func add(number: Int, values: [String: String], problems: [CardAuditProblem], card: Card, image: Data?) {
        let shown = problems.filter { $0.kind != .lines }
        guard !shown.isEmpty else {
            countClean()
            return
        }
        let png = image?.base64EncodedString() ?? ""
        let kinds = Set(shown.map(\.kind.rawValue)).sorted().joined(separator: " ")
        let lang = values["lang"] ?? ""
        var html = "<section class=\"row\" data-kinds=\"\(kinds)\" data-lang=\"\(Self.escaped(lang))\">"
        html += "<h2>Row \(number)" + (lang.isEmpty ? "" : " <span class=\"lang\">\(Self.escaped(lang))</span>")
            + "</h2><div class=\"values\">"
            + values.keys.sorted().map { "<b>\(Self.escaped($0))</b> \(Self.escaped(values[$0] ?? ""))" }
                .joined(separator: " · ") + "</div>"
        html += "<div class=\"image\" style=\"aspect-ratio: \(card.width) / \(card.height)\">"
            + "<img alt=\"row \(number)\" src=\"data:image/png;base64,\(png)\">"
        for problem in shown {
            guard let box = problem.box else { continue }
            func percent(_ value: Double, of whole: Double) -> String {
                String(format: "%.3f%%", value / max(whole, 1) * 100)
            }
            html += "<div class=\"box \(problem.kind.severity.rawValue)\" title=\"\(Self.escaped(problem.message))\" "
                + "style=\"left: \(percent(box.x, of: card.width)); top: \(percent(box.y, of: card.height)); "
                + "width: \(percent(box.width, of: card.width)); height: \(percent(box.height, of: card.height))\">"
                + "</div>"
        }
        html += "</div><ul>"
        for problem in shown {
            html += "<li class=\"\(problem.kind.severity.rawValue)\"><b>\(problem.kind.rawValue)</b> "
                + "<code>\(Self.escaped(problem.layer))</code> \(Self.escaped(problem.message))</li>"
        }
        write(html + "</ul></section>\n")
    }

    /// Closes the page with the counts (`summary`: each kind's) and the clean rows'.
    func finish(summary: [CardAuditProblem.Kind: Int]) {
        let counts = summary.keys.filter { $0 != .lines }.sorted { $0.rawValue < $1.rawValue }
            .map { "\($0.rawValue) \(summary[$0] ?? 0)" }
        write("<footer>\(cleanRows) row\(cleanRows == 1 ? "" : "s") without a problem"
              + (counts.isEmpty ? "" : " · " + counts.joined(separator: " · ")) + "</footer>" + Self.script
              + "</body></html>\n")
        try? file.close()
    }

    /// `text` safe in HTML text and attributes.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }

    private static let head = """
        <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>MatterType audit</title><style>
        body { font: 14px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 760px; padding: 16px; color: #1b2230; }
        h1 { font-size: 20px; } h2 { font-size: 15px; margin: 0 0 4px; }
        #filters { position: sticky; top: 0; background: #fff; padding: 8px 0; border-bottom: 1px solid #dde;
                   z-index: 2; }
        #filters label { margin-right: 12px; white-space: nowrap; }
        .row { border: 1px solid #dde3ee; border-radius: 8px; padding: 12px; margin: 12px 0; }
        .row[hidden] { display: none; }
        .values { color: #5a6478; margin-bottom: 8px; overflow-wrap: anywhere; }
        .lang { background: #eef2fa; border-radius: 4px; padding: 0 6px; font-weight: normal; }
        .image { position: relative; max-width: 640px; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%)
                 0 0 / 16px 16px; }
        .image img { display: block; width: 100%; height: 100%; }
        .box { position: absolute; box-sizing: border-box; border: 2px solid; border-radius: 2px; }
        .box.error { border-color: #e0245e; background: #e0245e22; } .box.warning { border-color: #f5a623; }
        li.error b { color: #c4144c; } li.warning b { color: #b26a00; }
        code { font-size: 12px; background: #f3f5f9; padding: 0 4px; border-radius: 3px; }
        footer { color: #5a6478; margin: 16px 0; }
        </style></head><body><h1>MatterType audit</h1><div id="filters"></div>

        """

    private static let script = """
        <script>
        const rows = [...document.querySelectorAll('.row')];
        const kinds = [...new Set(rows.flatMap(r => r.dataset.kinds.split(' ')))].sort();
        const langs = [...new Set(rows.map(r => r.dataset.lang).filter(Boolean))].sort();
        const filters = document.getElementById('filters');
        function box(group, value) {
          const label = document.createElement('label');
          const input = document.createElement('input');
          input.type = 'checkbox'; input.checked = true; input.dataset.group = group; input.value = value;
          input.addEventListener('change', apply);
          label.append(input, ' ' + value); filters.append(label);
        }
        kinds.forEach(k => box('kind', k));
        if (langs.length) { filters.append(document.createElement('br')); langs.forEach(l => box('lang', l)); }
        function apply() {
          const on = g => new Set([...filters.querySelectorAll(`input[data-group=${g}]:checked`)].map(i => i.value));
          const k = on('kind'), l = on('lang');
          rows.forEach(r => {
            r.hidden = !r.dataset.kinds.split(' ').some(x => k.has(x)) || (langs.length && r.dataset.lang && !l.has(r.dataset.lang));
          });
        }
        </script>
        """
}
