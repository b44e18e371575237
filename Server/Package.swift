// swift-tools-version:6.2
import Foundation
import PackageDescription

// The root package, by path. SwiftPM names a path dependency after its directory, which is whatever the clone is
// called, so the name products are looked up under is read from that directory rather than written out.
let rootDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let matterTypePackage = rootDirectory.lastPathComponent

let package = Package(
    name: "MatterTypeServer",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "mattertype-server", targets: ["mattertype-server"]),
        .library(name: "MatterTypeServer", targets: ["MatterTypeServer"]),
    ],
    dependencies: [
        .package(path: ".."),
        // Without the default ConfigurationSupport trait: the server takes its settings from flags, so its binary
        // need not link swift-configuration (the tests still build it: AsyncHTTPClient depends on it).
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.0", traits: ["FullFoundation"]),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.30.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
        // SHA-256 of stored templates (postgres-nio builds it anyway); the tests check the engine's HMAC with it.
        .package(url: "https://github.com/apple/swift-crypto.git", "3.0.0"..<"5.0.0"),
        // Spans for each request and its stages (Hummingbird and the server call swift-distributed-tracing's API).
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.1.0"),
        // Their OTLP exporter, only over HTTP/protobuf (the specification's default): the gRPC trait would build
        // grpc-swift for a second way to send the same spans.
        .package(url: "https://github.com/swift-otel/swift-otel.git", from: "1.6.0", traits: ["OTLPHTTP"]),
    ],
    targets: [
        .target(name: "MatterTypeServer",
                dependencies: [
                    .product(name: "MatterType", package: matterTypePackage),
                    .product(name: "MatterTypeWire", package: matterTypePackage),
                    .product(name: "MatterTypeCards", package: matterTypePackage),
                    .product(name: "MatterTypeFigma", package: matterTypePackage),
                    .product(name: "Hummingbird", package: "hummingbird"),
                    .product(name: "HummingbirdCore", package: "hummingbird"),
                    .product(name: "HTTPTypes", package: "swift-http-types"),
                    .product(name: "NIOHTTP1", package: "swift-nio"),
                    // HTTPResponsePart, which ParseErrorHandler writes.
                    .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                    .product(name: "GRDB", package: "GRDB.swift"),
                    .product(name: "PostgresNIO", package: "postgres-nio"),
                    .product(name: "Prometheus", package: "swift-prometheus"),
                    .product(name: "Logging", package: "swift-log"),
                    .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                    .product(name: "Crypto", package: "swift-crypto"),
                    .product(name: "Tracing", package: "swift-distributed-tracing"),
                ],
                resources: [.copy("openapi.yaml"), .copy("Playground")]),
        .executableTarget(name: "mattertype-server",
                          dependencies: ["MatterTypeServer",
                                         .product(name: "MatterType", package: matterTypePackage),
                                         .product(name: "OTel", package: "swift-otel"),
                                         .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                                         .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                                         .product(name: "Tracing", package: "swift-distributed-tracing"),
                                         .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .testTarget(name: "MatterTypeServerTests",
                    dependencies: ["MatterTypeServer",
                                   // The request generator's cases sent over HTTP (HTTPFuzzTests).
                                   .product(name: "MatterTypeFuzzing", package: matterTypePackage),
                                   .product(name: "HummingbirdTesting", package: "hummingbird"),
                                   .product(name: "AsyncHTTPClient", package: "async-http-client"),
                                   .product(name: "NIOCore", package: "swift-nio"),
                                   .product(name: "NIOHTTP1", package: "swift-nio"),
                                   // To damage a stored row on purpose (StoreIntegrityTests).
                                   .product(name: "GRDB", package: "GRDB.swift"),
                                   .product(name: "Crypto", package: "swift-crypto"),
                                   .product(name: "Yams", package: "Yams")]),
    ]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("ExistentialAny"),
    ]
}
