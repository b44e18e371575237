public import Foundation

/// The OpenAPI document served at `/openapi.yaml` (the package's resource `openapi.yaml`).
public enum OpenAPIDocument {
    /// The document's bytes, or `nil` when the resource bundle is not installed beside the executable.
    public static let data: [UInt8]? = Bundle.module.url(forResource: "openapi", withExtension: "yaml")
        .flatMap { try? Data(contentsOf: $0) }.map(Array.init)
}
