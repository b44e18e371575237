public import Hummingbird
import Foundation

/// An error answered as `{"error": {"code": "...", "message": "..."}}` with its HTTP status.
public struct APIError: HTTPResponseError, Sendable {
    /// The HTTP status.
    public let status: HTTPResponse.Status
    /// A stable machine-readable code, e.g. `font_exists`.
    public let code: String
    /// What went wrong and what to do, in words.
    public let message: String
    /// Extra headers (`Retry-After`, `WWW-Authenticate`).
    public var headers: HTTPFields = [:]

    /// An error with a status, code and message.
    public init(_ status: HTTPResponse.Status, _ code: String, _ message: String, headers: HTTPFields = [:]) {
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
            public var code: String
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

extension HTTPResponse.Status {
    /// 507 Insufficient Storage (RFC 4918 §11.5): the store's disk is full.
    static let insufficientStorage = HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
}
