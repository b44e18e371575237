// swift-tools-version:6.0
import PackageDescription

/// The Noto Sans faces shipped in `Fonts/` as the embedded default family.
let bundledFontFiles = [
    "Thin", "ExtraLight", "Light", "Regular", "Medium", "SemiBold", "Bold", "ExtraBold", "Black",
].flatMap { weight in
    ["NotoSans-\(weight).ttf", weight == "Regular" ? "NotoSans-Italic.ttf" : "NotoSans-\(weight)Italic.ttf"]
}

let package = Package(
    name: "MatterType",
    products: [
        .library(name: "MatterType", targets: ["MatterType"]),
        .executable(name: "mattertype", targets: ["mattertype"]),
        // Golden-metric checks for Swift Testing (expectGoldenMetrics) and XCTest (assertGoldenMetrics).
        .library(name: "MatterTypeTesting", targets: ["MatterTypeTesting"]),
        // Strategies for pointfreeco's swift-snapshot-testing: assertSnapshot(of: layout, as: .metrics | .image).
        .library(name: "MatterTypeSnapshotTesting", targets: ["MatterTypeSnapshotTesting"]),
        // The JSON the CLI and the server speak: render requests, measurements, font records, styled text.
        .library(name: "MatterTypeWire", targets: ["MatterTypeWire"]),
        // Cards: a canvas of text, rectangle and image layers (the document, its renderer, its image cache).
        .library(name: "MatterTypeCards", targets: ["MatterTypeCards"]),
        .library(name: "MatterTypeFigma", targets: ["MatterTypeFigma"]),
        // The request generator and the invariants every request keeps (mattertype fuzz, the test suite).
        .library(name: "MatterTypeFuzzing", targets: ["MatterTypeFuzzing"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Only its SnapshotTesting target is built (it depends on nothing); its other products' dependencies
        // (swift-syntax, swift-custom-dump) are resolved but not compiled.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    ],
    targets: [
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2",  // "freetype2", not "freetype": it adds -I…/freetype2
                       providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        // JPEG read (card images) with libjpeg-turbo.
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]),
        // libhyphen has no pkg-config file: its header is in /usr/include and the module map links it.
        .systemLibrary(name: "CHyphen", providers: [.apt(["libhyphen-dev"]), .brew(["hyphen"])]),
        // glibc's allocator settings (FreedMemory): part of the C library, nothing to install.
        .systemLibrary(name: "CMalloc"),
        // ICU's headers collide with Foundation's private copy of them, so ICU is reached through a C target whose
        // header shows Swift only stdint types (see Sources/CICU/include/mattertype_icu.h), used by one small
        // Swift target. libicu-dev: the Makefile installs it when `pkg-config icu-uc` fails.
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icuuc")]),
        // PNG written with libdeflate (filters, palettes, chunks in C), WebP written and read through libwebp.
        // libdeflate-dev and libwebp-dev: the Makefile installs them.
        .target(name: "CImageCodecs", linkerSettings: [.linkedLibrary("deflate"), .linkedLibrary("webp")]),
        .target(name: "MatterTypeICU", dependencies: ["CICU"]),
        .target(name: "MatterTypeFonts", path: "Fonts",
                exclude: ["README.md", "OFL.txt"],
                resources: bundledFontFiles.map { .copy($0) }),
        .target(name: "MatterType",
                dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig", "CImageCodecs", "CPNG", "CJPEG", "CHyphen", "CMalloc",
                               "MatterTypeICU",
                               "MatterTypeFonts"]),
        .target(name: "MatterTypeTesting", dependencies: ["MatterType", "MatterTypeWire", "MatterTypeCards",
                                                      "MatterTypeFigma"]),
        .target(name: "MatterTypeSnapshotTesting",
                dependencies: ["MatterType", "MatterTypeCards",
                               .product(name: "SnapshotTesting", package: "swift-snapshot-testing")]),
        .target(name: "MatterTypeWire", dependencies: ["MatterType"]),
        .target(name: "MatterTypeCards", dependencies: ["MatterType", "MatterTypeWire"]),
        .target(name: "MatterTypeFigma", dependencies: ["MatterType", "MatterTypeWire", "MatterTypeCards"]),
        .target(name: "MatterTypeFuzzing", dependencies: ["MatterType", "MatterTypeWire", "MatterTypeCards",
                                                          "MatterTypeFigma"]),
        .executableTarget(name: "mattertype",
                          dependencies: ["MatterType", "MatterTypeWire", "MatterTypeCards", "MatterTypeFigma",
                                         "MatterTypeFuzzing",
                                         .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // The tests decode PNGs with libpng, independently of the encoder.
        .testTarget(name: "MatterTypeTests", dependencies: ["MatterType", "MatterTypeTesting", "MatterTypeWire", "MatterTypeCards",
                                                        "MatterTypeFigma", "MatterTypeFuzzing", "mattertype",
                                   "CPNG", "MatterTypeICU"],
                    // Read in place through #filePath: see Fixtures/make-fixtures.py and RasterTests.swift.
                    // ReadmeExample/Typography holds the README example's token and sample files and, once recorded,
                    // its Golden/ (excluding a folder that exists before the first run: a missing one is a warning).
                    exclude: ["Fixtures", "Golden", "ReadmeExample/Typography"]),
        // The example of MatterTypeSnapshotTesting: its snapshots are committed in __Snapshots__.
        .testTarget(name: "MatterTypeSnapshotTestingTests",
                    dependencies: ["MatterType", "MatterTypeCards", "MatterTypeSnapshotTesting",
                                   .product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
                    exclude: ["__Snapshots__"]),
    ]
)

// The libFuzzer target (Sources/MatterTypeLibFuzzer): built only when asked, because it links libFuzzer and needs
// `-sanitize=fuzzer` (Scripts/libfuzzer.sh sets both).
if Context.environment["MATTERTYPE_LIBFUZZER"] == "1" {
    package.targets.append(.executableTarget(name: "MatterTypeLibFuzzer",
                                             dependencies: ["MatterType", "MatterTypeFuzzing"]))
    package.products.append(.executable(name: "mattertype-libfuzzer", targets: ["MatterTypeLibFuzzer"]))
}

// Upcoming features, in one place, for every Swift target.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("ExistentialAny"),
    ]
}
