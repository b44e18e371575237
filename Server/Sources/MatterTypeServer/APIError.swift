public import Hummingbird
import Foundation

/// An error answered as `{"error": {"code": "...", "message": "..."}}` with its HTTP status.
public struct APIError: HTTPResponseError, Sendable {
    /// The HTTP status.
    public let status: HTTPResponse.Status
    /// A stable machine-readable code, e.g. `font_exists`.
    public let code: APIErrorCode
    /// What went wrong and what to do, in words.
    public let message: String
    /// Extra headers (`Retry-After`, `WWW-Authenticate`).
    public var headers: HTTPFields = [:]

    /// An error with a status, code and message.
    public init(_ status: HTTPResponse.Status, _ code: APIErrorCode, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    /// The JSON body of an error.
    public struct Body: Codable, Sendable {
        /// The error.
        public var error: Detail
        /// Its code and message.
        public struct Detail: Codable, Sendable {
            /// The code.
            public var code: APIErrorCode
            /// The message.
            public var message: String
        }
    }

    /// The response: the status, the JSON body, the extra headers.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = self.headers
        headers[.contentType] = "application/json"
        let body = (try? JSONEncoder().encode(Body(error: .init(code: code, message: message)))) ?? Data()
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

/// Every `error.code` the server answers with: stable, machine-readable, snake_case on the wire. The one list of
/// them (the OpenAPI document describes the body; clients switch on these).
public enum APIErrorCode: String, Sendable, Codable, CaseIterable {
    /// The font name in the path is not valid percent-encoding.
    case badName = "bad_name"
    /// Hummingbird rejected the request as malformed.
    case badRequest = "bad_request"
    /// The body did not arrive in time.
    case bodyTimeout = "body_timeout"
    /// The body is over its limit.
    case bodyTooLarge = "body_too_large"
    /// Every render slot stayed busy past the queue timeout (503, with Retry-After).
    case busy = "busy"
    /// `"compression": "small"` on an image over its pixel limit.
    case compressionTooSlow = "compression_too_slow"
    /// The request ran past its deadline.
    case deadlineExceeded = "deadline_exceeded"
    /// The store's disk is full (507).
    case diskFull = "disk_full"
    /// openapi.yaml is missing from the install.
    case documentMissing = "document_missing"
    /// A font with the PostScript name is registered already (upload with `replace=true`).
    case fontExists = "font_exists"
    /// No registered font has the name.
    case fontNotFound = "font_not_found"
    /// Another HTTP-level error from Hummingbird.
    case httpError = "http_error"
    /// The image would be over the pixel limit.
    case imageTooLarge = "image_too_large"
    /// The server failed; the error is in its log.
    case internalFailure = "internal"
    /// The JSON is well formed but a field is invalid.
    case invalidRequest = "invalid_request"
    /// The typography cannot be laid out (a size, a feature, no font).
    case invalidTypography = "invalid_typography"
    /// The JSON nests deeper than allowed.
    case jsonTooDeep = "json_too_deep"
    /// The request is not valid HTTP/1.1.
    case malformedHttp = "malformed_http"
    /// The body is not JSON.
    case malformedJson = "malformed_json"
    /// Renders in flight hold the image memory budget (503, with Retry-After).
    case memoryBusy = "memory_busy"
    /// The path exists, not with this method (405, with Allow).
    case methodNotAllowed = "method_not_allowed"
    /// The request has no Host header.
    case missingHost = "missing_host"
    /// DELETE /v1/fonts without names.
    case missingNames = "missing_names"
    /// A font upload sent as a multipart form rather than raw bytes.
    case multipartNotAccepted = "multipart_not_accepted"
    /// The upload is empty or not a usable font.
    case notAFont = "not_a_font"
    /// No such path.
    case notFound = "not_found"
    /// The font store is still loading (503, with Retry-After).
    case notReady = "not_ready"
    /// Font and template changes are off: the server has no admin token.
    case registrationDisabled = "registration_disabled"
    /// Drawing failed.
    case renderFailed = "render_failed"
    /// The store refused or failed.
    case storeFailed = "store_failed"
    /// No card template has the name.
    case templateNotFound = "template_not_found"
    /// The text is over its limit.
    case textTooLong = "text_too_long"
    /// An admin route without the right bearer token (401).
    case unauthorized = "unauthorized"
    /// A design token the request names is not in the token file.
    case unknownToken = "unknown_token"
    /// A JSON body sent as another type than `application/json` (415).
    case unsupportedMediaType = "unsupported_media_type"
    /// A signed URL past its `exp` (403).
    case urlExpired = "url_expired"
    /// A signed URL whose `kid` names no key the server has (403).
    case urlKeyUnknown = "url_key_unknown"
    /// A template drawn only for signed URLs asked for without `kid` and `sig` (403).
    case urlNotSigned = "url_not_signed"
    /// A signed URL whose `sig` is not its signature (changed after signing), or whose `exp` is not a number (403).
    case urlSignatureInvalid = "url_signature_invalid"
}

extension HTTPResponse.Status {
    /// 507 Insufficient Storage (RFC 4918 §11.5): the store's disk is full.
    static let insufficientStorage = HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
}
