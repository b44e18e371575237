import Foundation
import MatterTypeFonts

/// The Noto Sans faces shipped in the package's `Fonts/` folder, read once on first use.
enum BundledFonts {
    /// Every bundled face by PostScript name; empty only if the resource bundle is missing.
    static let faces: [String: FontFace] = {
        var faces: [String: FontFace] = [:]
        let family = NotoSansFontFamily()
        for weight in FontWeight.named {
            for style in FontStyle.allCases {
                let name = family.fontName(for: weight, style: style)
                guard let url = BundledFontFiles.url(forFileNamed: "\(name).ttf"),
                      let file = try? FontFile(contentsOf: url.path),
                      let descriptors = try? file.faceDescriptors() else { continue }
                for descriptor in descriptors {
                    faces[descriptor.postScriptName] = try? FontFace(file: file, descriptor: descriptor)
                }
            }
        }
        return faces
    }()

    /// The bundled faces' descriptors, sorted by weight, then upright before italic.
    static var descriptors: [FontDescriptor] {
        faces.values.map(\.descriptor).sorted { ($0.weight, $0.isItalic ? 1 : 0) < ($1.weight, $1.isItalic ? 1 : 0) }
    }

    /// The bundled face of that weight and style.
    static func face(weight: FontWeight, style: FontStyle) -> FontFace? {
        faces[NotoSansFontFamily().fontName(for: weight, style: style)]
    }
}
