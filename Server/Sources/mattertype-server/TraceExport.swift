import OTel
import ServiceLifecycle
import Tracing

/// Where the server's spans go: OpenTelemetry's standard environment variables, read by swift-otel.
///
/// With `OTEL_EXPORTER_OTLP_ENDPOINT` (or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) set, spans are sent there over
/// OTLP/HTTP with protobuf (the specification's default; this build has no gRPC exporter), batched and sent every
/// `OTEL_BSP_SCHEDULE_DELAY` milliseconds (5,000 by default) and at shutdown; an incoming `traceparent` is continued
/// (`OTEL_PROPAGATORS`: W3C trace context by default). `OTEL_SERVICE_NAME` names the service (`mattertype-server`
/// by default), `OTEL_TRACES_SAMPLER` samples. Only traces: requests are counted by `/metrics` and logged as before.
/// Unset, `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none`: no tracer, and the stages' spans cost nothing.
enum TraceExport {
    /// Bootstraps the tracer the environment asks for and returns the service that exports its spans (run it
    /// beside the server, shut down after it, so that the last spans are sent); `nil` when tracing is off.
    /// - Throws: ``TraceExportError`` for a protocol or exporter this build does not have (gRPC, Zipkin…);
    ///   swift-otel's configuration error for a value it cannot read.
    static func bootstrap(environment: [String: String]) throws -> (any Service)? {
        let endpoint = environment["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"] ?? environment["OTEL_EXPORTER_OTLP_ENDPOINT"]
        guard let endpoint, !endpoint.isEmpty, environment["OTEL_SDK_DISABLED"]?.lowercased() != "true",
              environment["OTEL_TRACES_EXPORTER"]?.lowercased() != "none" else { return nil }
        // Checked here: swift-otel stops the process (fatalError) for an exporter this build does not have.
        let protocolName = environment["OTEL_EXPORTER_OTLP_TRACES_PROTOCOL"] ?? environment["OTEL_EXPORTER_OTLP_PROTOCOL"]
        if let protocolName, !["http/protobuf", "http/json"].contains(protocolName.lowercased()) {
            throw TraceExportError(description: "OTEL_EXPORTER_OTLP_PROTOCOL=\(protocolName): this server sends "
                                   + "spans over http/protobuf (the default) or http/json, not gRPC; point it at the "
                                   + "collector's OTLP/HTTP port (4318)")
        }
        if let exporter = environment["OTEL_TRACES_EXPORTER"], exporter.lowercased() != "otlp" {
            throw TraceExportError(description: "OTEL_TRACES_EXPORTER=\(exporter): this server exports otlp (or "
                                   + "none: no traces)")
        }
        var configuration = OTel.Configuration.default
        configuration.serviceName = "mattertype-server"
        // swift-otel's own notes: problems only (OTEL_LOG_LEVEL=info lists each variable it read).
        configuration.diagnosticLogLevel = .warning
        configuration.metrics.enabled = false
        configuration.logs.enabled = false
        let backend = try OTel.makeTracingBackend(configuration: configuration)
        InstrumentationSystem.bootstrap(backend.factory)
        return backend.service
    }
}

/// Why the environment's tracing settings cannot be used, naming the variable.
struct TraceExportError: Error, CustomStringConvertible {
    let description: String
}
