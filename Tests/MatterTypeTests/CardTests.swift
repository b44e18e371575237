import Foundation
import MatterType
import MatterTypeWire
import MatterTypeCards
import Testing

/// Cards (MatterTypeCards: Model/, JSON/, Render/CardRenderer.swift): backgrounds and rectangles against the
/// formulas CSS gives for them, text layers against `render`'s pixels, placeholders, and bad cards.
@Suite("Cards")
struct CardTests {
    let renderer = CardRenderer(registry: FontRegistry(includesSystemFonts: false))

    func card(_ json: String, values: [String: String] = [:]) throws(CardError) -> RGBAImage {
        try renderer.image(of: try Card.decode(from: Data(json.utf8), values: values))
    }

    /// What `json` fails with.
    func failure(_ json: String, values: [String: String] = [:]) -> String? {
        do throws(CardError) {
            _ = try card(json, values: values)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("a text layer's letter spacing and sizes may be in em, as designers write them")
    func emInTextLayers() throws {
        func layout(_ fields: String) throws -> TextLayout {
            let card = try Card.decode(from: Data(#"{"width": 400, "height": 100, "layers": [{"type": "text", "x": 0, "y": 0, "text": "Ship it", "size": 40, \#(fields)}]}"#.utf8))
            return try #require(try renderer.drawing(of: card).layouts.first)
        }
        let em = try layout(#""letterSpacing": "-0.02em", "lineHeight": "1.25em""#)
        let points = try layout(#""letterSpacing": -0.8, "lineHeight": 50"#)
        #expect(em.typography.typography.letterSpacing == -0.8 && em.typography.lineHeight == 50)
        #expect(em.size == points.size)
        #expect(failure(#"{"width": 10, "height": 10, "layers": [{"type": "text", "x": 0, "y": 0, "text": "a", "letterSpacing": "2vw"}]}"#)?
            .contains("-0.02em") == true)
    }

    @Test("the memory a card's images would take is read from their headers before any is decoded")
    func imageMemory() throws {
        // 30 distinct PNGs each declaring 5,000 × 5,000 pixels (25 MP, the most an image may have) in a few bytes:
        // 30 × 25 M × 16 bytes while decoding, known before any of them is.
        let layers = (0..<30).map { index in
            let png = ImageDecoderTests.png(width: 5_000, height: 5_000, chunks: [("tEXt", Array("n\u{0}\(index)".utf8))])
            return #"{"type": "image", "x": 0, "y": 0, "width": 10, "height": 10, "src": "data:image/png;base64,"#
                + png.base64EncodedString() + #""}"#
        }
        let json = #"{"width": 10, "height": 10, "layers": ["# + layers.joined(separator: ",") + "]}"
        let card = try Card.decode(from: Data(json.utf8))
        #expect(renderer.imageMemory(of: card) == 30 * 25_000_000 * ImageDecoder.decodingBytesPerPixel)
        // The same image twice counts once; an image already decoded and kept counts nothing.
        let small = try PNGEncoder.encode(RGBAImage(width: 4, height: 3)).base64EncodedString()
        let twice = try Card.decode(from: Data(#"{"width": 10, "height": 10, "layers": [{"type": "image", "x": 0, "y": 0, "width": 4, "height": 3, "src": "data:image/png;base64,\#(small)"}, {"type": "image", "x": 4, "y": 0, "width": 4, "height": 3, "src": "data:image/png;base64,\#(small)"}]}"#.utf8))
        #expect(renderer.imageMemory(of: twice) == 12 * ImageDecoder.decodingBytesPerPixel)
        _ = try renderer.image(of: twice)
        #expect(renderer.imageMemory(of: twice) == 0)
    }

    @Test("a template with a placeholder inside a color is accepted; its value is checked when drawn")
    func placeholderInColor() throws {
        let json = ##"{"width": 10, "height": 10, "background": "#{{hex}}", "layers": [{"type": "rect", "x": 0, "y": 0, "width": 5, "height": 5, "fill": "#{{hex}}80"}]}"##
        let template = try CardTemplate(Data(json.utf8))
        #expect(template.placeholders == ["hex"])
        #expect(try template.standIn().background == .paint(.color(.black)))
        #expect(failure(json, values: ["hex": "0A66C2"]) == nil)
        #expect(failure(json, values: ["hex": "nope"])?.contains("is not a color") == true)
    }

    @Test("a placeholder with choices takes only their names and is filled with the chosen text")
    func choices() throws {
        // Two 1 × 1 PNGs, red and blue (our encoder; the pixels are read back below).
        func pixel(_ color: Color) throws -> String {
            "data:image/png;base64," + (try PNGEncoder.encode(RGBAImage(width: 1, height: 1, background: color)))
                .base64EncodedString()
        }
        let red = Color(red: 255, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 255)
        let json = #"""
            {"width": 4, "height": 4, "choices": {"avatar": {"ada": "\#(try pixel(red))", "bob": "\#(try pixel(blue))"},
                                                  "tint": {"light": "#FFFFFF"}},
             "layers": [{"type": "image", "x": 0, "y": 0, "width": 4, "height": 4, "src": "{{avatar}}"}]}
            """#
        let ada = try card(json, values: ["avatar": "ada"]), bob = try card(json, values: ["avatar": "bob"])
        #expect(ada[2, 2] == RGBAImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(bob[2, 2] == RGBAImage.Pixel(red: 0, green: 0, blue: 255, alpha: 255))
        // A value that is not a choice — another image, a name from elsewhere — is refused, naming the choices.
        #expect(failure(json, values: ["avatar": try pixel(.black)])?.contains("is not one of its choices; use ada or bob") == true)
        #expect(failure(json, values: ["avatar": "tint"])?.contains("{{avatar}} is \"tint\"") == true)
        #expect(failure(json)?.contains("no value for {{avatar}}") == true)
        // A template stands in with the first choice by name; its placeholders are the ones in the document.
        let template = try CardTemplate(Data(json.utf8))
        #expect(template.placeholders == ["avatar"])
        guard case .image(let layer) = try template.standIn().layers.first else { throw CardError.invalidJSON("no image layer") }
        #expect(layer.source == (try pixel(red)))
        // Choices of the wrong shape are one error naming "choices".
        for bad in [#""choices": [1]"#, #""choices": {"avatar": {}}"#, #""choices": {"avatar": {"ada": 3}}"#] {
            let document = #"{"width": 4, "height": 4, \#(bad), "layers": []}"#
            #expect(failure(document)?.hasPrefix("\"choices\"") == true, "\(bad)")
        }
    }

    @Test("a card's choices read as users write them: errors list the values, CSS's start, end and center are read")
    func choicesAsUsersWriteThem() throws {
        func layer(_ extra: String) -> String {
            #"{"width": 200, "height": 60, "layers": [{"type": "text", "x": 0, "y": 0, "width": 200, "text": "Hi", \#(extra)}]}"#
        }
        // Foundation said "Cannot initialize TextAlignment from invalid String value …".
        #expect(failure(layer(#""alignment": "middle""#)) == #"layer 0, "alignment": "middle" is not one of left, center, right, justified, natural, end, start"#)
        #expect(failure(layer(#""decoration": "under""#))?.contains("is not one of none, underline, strikethrough") == true)
        #expect(failure(layer(#""verticalAlign": "centre""#))?.contains("top, middle, bottom, baseline, center") == true)
        // start is natural, end the other side, center (CSS's align-items) is middle; any letter case.
        let start = try card(layer(#""alignment": "START""#)), natural = try card(layer(#""alignment": "natural""#))
        #expect(start == natural)
        let end = try card(layer(#""alignment": "end""#)), right = try card(layer(#""alignment": "right""#))
        #expect(end == right && end != start)
        var rtl = RenderRequest(text: "שלום")
        rtl.limits.width = 200
        rtl.limits.alignment = .end
        let line = try #require(try rtl.layout(registry: FontRegistry(includesSystemFonts: false)).lines.first)
        #expect(line.x == 0, "end is the left edge of a right-to-left paragraph")
        let center = try card(layer(#""height": 60, "verticalAlign": "center""#))
        #expect(center == (try card(layer(#""height": 60, "verticalAlign": "middle""#))))
        // The CLI reads the same names.
        let run = try CLIRun("measure", "--alignment", "start", "--width", "200", "Hi")
        #expect(run.status == 0)
    }

    @Test("card prints the same warning as render for a family that is not found")
    func cardWarnsAboutMissingFamily() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("warning-card-\(UUID()).json")
        try Data(#"{"width": 100, "height": 40, "layers": [{"type": "text", "x": 0, "y": 0, "text": "x", "family": "Nope Sans"}, {"type": "text", "x": 0, "y": 20, "text": "y", "family": "Nope Sans"}]}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try CLIRun("card", file.path, "-o", "/tmp/warning-card.png")
        #expect(run.status == 0)
        let warnings = run.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(warnings.count == 1 && warnings[0].contains("no Nope Sans font is registered"), "\(run.stderr)")
        #expect(warnings.first?.components(separatedBy: "Nope Sans").count == 2, "said once")
    }

    @Test("an image that is a device, a folder or a remote URL is one clear error")
    func imageSourcesThatAreNotFiles() throws {
        let directory = URL(fileURLWithPath: "/")
        let files = CardRenderer(registry: FontRegistry(includesSystemFonts: false), imageDirectory: directory)
        func failure(_ source: String) -> String? {
            let json = #"{"width": 10, "height": 10, "layers": [{"type": "image", "x": 0, "y": 0, "width": 4, "height": 3, "src": "\#(source)"}]}"#
            do {
                _ = try files.image(of: try Card.decode(from: Data(json.utf8)))
                return nil
            } catch {
                return "\(error)"
            }
        }
        // Relative to the image folder ("/" here); an absolute path is not one under it, whatever it names.
        #expect(failure("dev/zero")?.contains("/dev/zero is not a regular file") == true)
        #expect(failure("tmp")?.contains("/tmp is not a regular file") == true)
        #expect(failure("/tmp")?.contains("/tmp is not a path under /; image files are named relative to it") == true)
        #expect(failure("https://example.com/logo.png")?.contains("is a remote image; images are not fetched") == true)
        let run = try CLIRun("card", "/dev/zero", "-o", "/tmp/never.png")
        #expect(run.status == 1 && run.stderr.split(separator: "\n").count == 1)
        #expect(run.stderr.contains("/dev/zero") && !run.stderr.contains("NSCocoaErrorDomain"))
    }

    @Test("a linear gradient at 90° goes left to right across the box, as CSS linear-gradient(90deg, …)")
    func linearGradient() throws {
        // CSS Images 3: at 90° the gradient line is the box's width; pixel column i (center i + ½) is at
        // (i + ½) / 100 of it, so black → white gives 255 × (i + ½) / 100.
        let image = try card(##"{"width": 100, "height": 10, "background": {"linear": {"angle": 90, "stops": ["#000", "#fff"]}}, "layers": []}"##)
        for column in [0, 25, 50, 99] {
            let expected = 255 * (Double(column) + 0.5) / 100
            let pixel = image[column, 5]
            #expect(abs(Double(pixel.red) - expected) <= 0.5 && pixel.red == pixel.blue && pixel.alpha == 255)
        }
        // 180° (the default) goes top to bottom; stops with offsets hold their colors outside them.
        let vertical = try card(##"{"width": 10, "height": 100, "background": {"linear": {"stops": [{"offset": 0.5, "color": "#ff0000"}, {"offset": 1, "color": "#0000ff"}]}}, "layers": []}"##)
        #expect(vertical[5, 10] == RGBAImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255))
        let threeQuarters = vertical[5, 75]  // (75.5 / 100 − 0.5) / 0.5 = 0.51 of the way to blue
        #expect(abs(Double(threeQuarters.blue) - 0.51 * 255) <= 0.5 && abs(Double(threeQuarters.red) - 0.49 * 255) <= 0.5)
        // Two stops at one offset: a hard edge there (CSS), red before it and blue after.
        let hard = try card(##"{"width": 100, "height": 4, "background": {"linear": {"angle": 90, "stops": [{"offset": 0.5, "color": "#ff0000"}, {"offset": 0.5, "color": "#0000ff"}]}}, "layers": []}"##)
        #expect(hard[10, 2] == RGBAImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(hard[90, 2] == RGBAImage.Pixel(red: 0, green: 0, blue: 255, alpha: 255))
    }

    @Test("a radial gradient reaches its last stop at the farthest corner by default, or at its radius")
    func radialGradient() throws {
        let image = try card(##"{"width": 100, "height": 100, "background": {"radial": {"stops": ["#fff", "#000"]}}, "layers": []}"##)
        // Center (50, 50); pixel (50, 50)'s center is ½√2 away, of the corner's 50√2: 255 × (1 − 1/100).
        #expect(abs(Double(image[50, 50].red) - 255 * 0.99) <= 0.5)
        let sized = try card(##"{"width": 100, "height": 100, "background": {"radial": {"center": [0, 0], "radius": 50, "stops": ["#fff", "#000"]}}, "layers": []}"##)
        #expect(sized[60, 0].red == 0 && sized[0, 0].red > 250)
    }

    @Test("a rectangle fills its pixels, rounds its corners and anti-aliases a half-covered edge")
    func rectangles() throws {
        let image = try card(##"""
            {"width": 100, "height": 100, "background": "#ffffff", "layers": [
              {"type": "rect", "x": 10.5, "y": 10, "width": 50, "height": 40, "fill": "#ff0000", "cornerRadius": 10},
              {"type": "rect", "x": 70, "y": 70, "width": 20, "height": 20, "border": {"width": 2, "color": "#0000ff"}},
              {"type": "rect", "x": 0, "y": 90, "width": 10, "height": 10, "fill": "#000000", "opacity": 0.5}]}
            """##)
        #expect(image[30, 30] == RGBAImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(image[10, 30].green == 128 || image[10, 30].green == 127)  // pixel 10 is half inside: half red
        #expect(image[11, 11] == RGBAImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255))  // the rounded corner
        #expect(image[70, 80] == RGBAImage.Pixel(red: 0, green: 0, blue: 255, alpha: 255))  // the border
        #expect(image[80, 80] == RGBAImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255))  // inside the border
        #expect(image[5, 95].red == 128 || image[5, 95].red == 127)  // black at half opacity over white
    }

    @Test("a text layer draws the pixels render draws for the same request, at the layer's place")
    func textMatchesRender() throws {
        var request = RenderRequest(text: "Cards drawn exactly as render draws them")
        request.typography.size = 22
        request.typography.lineHeight = 30
        request.limits.width = 260
        request.output.color = Color(red: 20, green: 40, blue: 200)
        request.output.clip = true
        let layout = try request.layout(registry: renderer.registry)
        let rendered = try #require(PNGDecoder.decode(try request.image(of: layout)))
        let image = try renderer.image(of: Card(width: 400, height: 200, layers: [
            .text(CardTextLayer(x: 30, y: 20, request: request)),
        ]))
        var differences = 0
        for y in 0..<rendered.height {
            for x in 0..<rendered.width where rendered[x, y] != image[x + 30, y + 20] { differences += 1 }
        }
        #expect(differences == 0 && rendered.width == 260 && rendered.height == 60)
    }

    @Test("vertical alignment: middle and bottom in the box's height, baseline at the given offset")
    func verticalAlignment() throws {
        func inkTop(_ align: String, _ extra: String = "") throws -> Int? {
            let image = try card(##"{"width": 200, "height": 200, "layers": [{"type": "text", "x": 0, "y": 0, "width": 200, "height": 200, "verticalAlign": "\##(align)", "text": "H", "size": 16, "lineHeight": 24\##(extra)}]}"##)
            return (0..<200).first { y in (0..<200).contains { image[$0, y].alpha > 0 } }
        }
        let top = try #require(try inkTop("top"))
        #expect(try inkTop("middle") == top + 88)  // (200 − 24) / 2
        #expect(try inkTop("bottom") == top + 176)
        // Noto Sans 16/24's first baseline is 18.208 below the line's top: a baseline at 100 moves it 81.792 down.
        let baseline = try #require(try inkTop("baseline", ##", "baselineOffset": 100"##))
        #expect(abs(Double(baseline - top) - 81.792) <= 1)
    }

    @Test("placeholders are filled in every string; a missing one is an error naming it")
    func placeholders() throws {
        let json = ##"{"width": 100, "height": 40, "background": "{{bg}}", "layers": [{"type": "text", "x": 0, "y": 0, "text": "Hi {{name}}!", "color": "{{ink}}"}]}"##
        #expect(failure(json, values: ["bg": "#fff", "ink": "#000"])?.contains("{{name}}") == true)
        let image = try card(json, values: ["bg": "#ffffff", "ink": "#ff0000", "name": "Ada"])
        #expect(image[99, 39] == RGBAImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255))
        #expect((0..<40).contains { y in (0..<100).contains { image[$0, y].green < 200 && image[$0, y].red > 200 } })
    }

    @Test("bad cards are one-line errors naming the place, and nothing is drawn", arguments: [
        (##"{"width": 100, "height": 100, "layers": [{"type": "circle"}]}"##, #""circle" is not a layer type"#),
        (##"{"width": 100, "height": 100, "layers": [{"type": "rect", "x": 0, "y": 0, "width": 1, "height": 1, "fil": "#fff"}]}"##, "unknown key"),
        (##"{"width": 100, "height": 100, "layers": [{"type": "text", "x": 0, "y": 0, "text": "a", "scale": 2}]}"##, "unknown key; a text layer has"),
        (##"{"width": 100000, "height": 100000, "layers": []}"##, "too large"),
        (##"{"width": -5, "height": 100, "layers": []}"##, #""width": -5.0 is not allowed"#),
        (##"{"width": 100, "height": 100, "layers": [{"type": "text", "x": 0, "y": 0, "text": "a", "size": -3}]}"##, "layer 0: "),
        (##"{"width": 100, "height": 100, "background": {"linear": {"stops": ["#fff"]}}, "layers": []}"##, "at least 2 stops"),
        (##"{"width": 100, "height": 100, "layers": [}"##, "not valid JSON"),
    ])
    func badCards(json: String, message: String) {
        let description = failure(json)
        #expect(description?.contains(message) == true, "got \(description ?? "no error")")
        #expect(description?.contains("\n") == false)
    }

    @Test("an unblurred shadow is the text drawn in the shadow's color at the offset, under the text")
    func hardShadow() throws {
        let shadowed = try card(##"{"width": 120, "height": 60, "background": "#ffffff", "layers": [{"type": "text", "x": 10, "y": 5, "text": "Hi", "size": 32, "color": "#1d4e89", "shadows": [{"x": 3, "y": 2, "color": "#ef476f"}]}]}"##)
        let drawnTwice = try card(##"{"width": 120, "height": 60, "background": "#ffffff", "layers": [{"type": "text", "x": 13, "y": 7, "text": "Hi", "size": 32, "color": "#ef476f"}, {"type": "text", "x": 10, "y": 5, "text": "Hi", "size": 32, "color": "#1d4e89"}]}"##)
        var worst = 0
        for y in 0..<60 {
            for x in 0..<120 {
                let a = shadowed[x, y], b = drawnTwice[x, y]
                worst = max(worst, abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
                            abs(Int(a.blue) - Int(b.blue)))
            }
        }
        #expect(worst <= 1)
    }

    @Test("a blurred shadow is the glyphs' coverage convolved with a Gaussian of σ = blur / 2 (CSS), computed here in 2-D")
    func blurredShadow() throws {
        // The text itself is transparent, so the canvas shows the shadow alone, black at full strength.
        let image = try card(##"{"width": 80, "height": 50, "layers": [{"type": "text", "x": 10, "y": 5, "text": "Hi", "size": 28, "color": "#00000000", "shadows": [{"x": 2, "y": 3, "blur": 6, "color": "#000000"}]}]}"##)
        var request = RenderRequest(text: "Hi")
        request.typography.size = 28
        let layout = try request.layout(registry: renderer.registry)
        var mask = GrayBitmap(width: 80, height: 50)
        TextRenderer.shared.draw(layout, into: &mask, at: Point(x: 12, y: 8))
        let sigma = 3.0, reach = 9
        var worst = 0
        for y in 0..<50 {
            for x in 0..<80 {
                var sum = 0.0, weights = 0.0
                for dy in -reach...reach {
                    for dx in -reach...reach {
                        let w = exp(-Double(dx * dx + dy * dy) / (2 * sigma * sigma))
                        weights += w
                        let sx = x + dx, sy = y + dy
                        if sx >= 0, sx < 80, sy >= 0, sy < 50 { sum += Double(mask[sx, sy]) * w }
                    }
                }
                worst = max(worst, abs(Int(image[x, y].alpha) - Int((sum / weights).rounded())))
            }
        }
        #expect(worst <= 2, "worst alpha difference \(worst)")
    }

    @Test("an outside stroke covers every pixel within its width of fully inked pixels, and nothing farther")
    func outsideStroke() throws {
        let json = ##"{"width": 90, "height": 50, "background": "#ffffff", "layers": [{"type": "text", "x": 10, "y": 5, "text": "Hi", "size": 28, "color": "#ffffff", "stroke": {"width": 3, "color": "#ff0000"}}]}"##
        let image = try card(json)
        var request = RenderRequest(text: "Hi")
        request.typography.size = 28
        let layout = try request.layout(registry: renderer.registry)
        var mask = GrayBitmap(width: 90, height: 50)
        TextRenderer.shared.draw(layout, into: &mask, at: Point(x: 10, y: 5))
        let ink = (0..<50).flatMap { y in (0..<90).compactMap { x in mask[x, y] == 255 ? (x, y) : nil } }
        let touched = (0..<50).flatMap { y in (0..<90).compactMap { x in mask[x, y] > 0 ? (x, y) : nil } }
        func distance(_ x: Int, _ y: Int, to points: [(Int, Int)]) -> Double {
            points.map { (Double(($0.0 - x) * ($0.0 - x) + ($0.1 - y) * ($0.1 - y))).squareRoot() }.min() ?? .infinity
        }
        var misses = 0, strays = 0
        for y in 0..<50 {
            for x in 0..<90 where mask[x, y] == 0 {
                let pixel = image[x, y]
                if distance(x, y, to: ink) <= 2.5, pixel != RGBAImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255) {
                    misses += 1
                }
                if distance(x, y, to: touched) > 4.5, pixel != RGBAImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255) {
                    strays += 1
                }
            }
        }
        #expect(misses == 0 && strays == 0, "\(misses) pixels near the ink not stroked, \(strays) far ones touched")
        #expect(failure(json.replacingOccurrences(of: #""width": 3"#, with: #""width": 500"#))?.contains("stroke") == true)
    }

    @Test("the JSON form survives a round trip")
    func roundTrip() throws {
        let json = ##"{"width": 300, "height": 100, "scale": 2, "background": {"radial": {"center": [0.2, 0.3], "radius": 80, "stops": ["#fff", {"offset": 1, "color": "#000"}]}}, "layers": [{"type": "rect", "x": 1, "y": 2, "width": 3, "height": 4, "fill": {"linear": {"angle": 45, "stops": ["red", "blue"]}}, "border": {"width": 1, "color": "#00ff00"}}, {"type": "text", "x": 5, "y": 6, "height": 50, "verticalAlign": "middle", "text": "Hi", "size": 20, "fit": true, "shadows": [{"x": 1, "y": 2, "blur": 3, "color": "#0008"}], "stroke": {"width": 1, "color": "black", "position": "center"}}, {"type": "image", "x": 0, "y": 0, "width": 10, "height": 10, "src": "data:image/png;base64,AAAA", "fit": "cover", "circle": true}, {"type": "text", "x": 0, "y": 0, "spans": [{"text": "a", "weight": "bold"}, {"box": {"width": 5, "height": 6, "align": "middle"}}, {"box": {"width": 5, "height": 6, "src": "icon.png", "fit": "fill"}}]}]}"##
        let card = try Card.decode(from: Data(json.utf8))
        let again = try Card.decode(from: JSONEncoder().encode(card))
        #expect(again == card)
        #expect(card.layers.count == 4)
        let background = try Card.decode(from: Data(##"{"width": 1, "height": 1, "background": {"image": "a.png", "fit": "contain"}, "layers": []}"##.utf8))
        #expect(try Card.decode(from: JSONEncoder().encode(background)) == background)
    }

    @Test("mattertype card: values and --set fill placeholders; a missing one exits 1 with one line")
    func commandLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("card-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let card = directory.appendingPathComponent("card.json").path
        try Data(##"{"width": 320, "height": 160, "background": "#0B1F3A", "layers": [{"type": "text", "x": 20, "y": 20, "width": 280, "text": "{{title}}", "size": 24, "color": "white"}]}"##.utf8)
            .write(to: URL(fileURLWithPath: card))
        let values = directory.appendingPathComponent("values.json").path
        try Data(##"{"title": "From the values file"}"##.utf8).write(to: URL(fileURLWithPath: values))
        let output = directory.appendingPathComponent("card.png").path
        let run = try CLIRun("card", card, "--no-system-fonts", "--values", values, "--set", "title=From --set",
                             "-o", output)
        #expect(run.status == 0 && run.stdout.contains("320 × 160 px"))
        let image = try #require(PNGDecoder.decode(try Data(contentsOf: URL(fileURLWithPath: output))))
        #expect(image.width == 320 && image[0, 0] == RGBAImage.Pixel(red: 11, green: 31, blue: 58, alpha: 255))
        let missing = try CLIRun("card", card, "--no-system-fonts", "-o", output)
        #expect(missing.status == 1 && missing.stderr.contains("{{title}}")
                && missing.stderr.split(separator: "\n").count == 1)
    }
}
