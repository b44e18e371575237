import ArgumentParser
import Foundation
import MatterType
import MatterTypeCards

/// `--scale`, `--width`, `--height` and `--max-work`: how large `card`, `figma` and `batch` draw, and how much work
/// drawing may take.
struct DrawingOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Pixels a point, as Figma's export scale (2 draws a 375-point frame 750 pixels wide); "
                               + "default: the card's own \"scale\", 1 for a Figma frame.", valueName: "factor"))
    var scale: Double?

    @Option(help: ArgumentHelp("Draw it this many pixels wide: the scale that makes it so (with --height, the one that "
                               + "fits inside both, as Figma's export constraints do).", valueName: "pixels"))
    var width: Int?

    @Option(help: ArgumentHelp("Draw it this many pixels high (with --width, fit inside both).", valueName: "pixels"))
    var height: Int?

    @Option(help: ArgumentHelp("WebP and JPEG: the quality, 1–100 (WebP lossy at it, lossless without; JPEG "
                               + "\(JPEGEncoder.defaultQuality) without).", valueName: "1-100"))
    var quality: Int?

    @Option(help: ArgumentHelp("The most work laying out, drawing and encoding an image may take, in millions of "
                               + "operations (about a millisecond each; the server allows \(CardRenderer.defaultMaximumWork / 1_000_000)).",
                               valueName: "millions"))
    var maxWork: Int = DrawingOptions.defaultMaximumWork

    /// The command line's work limit in millions of operations: 20 seconds or so, enough for every frame of a real
    /// Figma document (an 8,317 × 5,490 section, 46 megapixels, included), 13 times the server's.
    static let defaultMaximumWork = 20_000

    func validate() throws {
        _ = try imageSize()
        guard (1...Int.max / 1_000_000).contains(maxWork) else {
            throw ValidationError("--max-work \(maxWork): give a number of millions of operations, 1 or more")
        }
    }

    /// The size these options ask for, checked as the server checks its query's (``CardImageSize``).
    /// - Throws: `ValidationError` naming the option.
    func imageSize() throws -> CardImageSize {
        // In the command line's words (CardImageSize names parameters as a URL's query has them).
        if scale != nil, width != nil || height != nil {
            throw ValidationError("give --scale or --width/--height, not both")
        }
        do throws(CardError) {
            return try CardImageSize(scale: scale, width: width, height: height, quality: quality)
        } catch .invalid(let field, let reason) {
            throw ValidationError("--\(field): \(reason)")
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// `card` at the scale asked for: --scale's, or the largest at which it is at most --width × --height pixels
    /// (sides rounded up, as images are); unchanged without either.
    func sized(_ card: Card) -> Card {
        (try? imageSize())?.sized(card) ?? card
    }

    /// A renderer of `registry`, `tokens` and `imageDirectory` allowed --max-work.
    func renderer(registry: FontRegistry, tokens: DesignTokens? = nil, imageDirectory: URL?) -> CardRenderer {
        CardRenderer(registry: registry, tokens: tokens, imageDirectory: imageDirectory,
                     maximumWork: maxWork.multipliedReportingOverflow(by: 1_000_000).overflow ? Int.max
                        : maxWork * 1_000_000)
    }
}
