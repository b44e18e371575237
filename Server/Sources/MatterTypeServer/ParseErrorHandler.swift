import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Answers a request whose head HTTP/1.1 cannot parse with the server's JSON error, then closes the connection: a
/// URL or headers past the decoder's limits (431), or bytes that are not HTTP (400). NIO's parser stops at such a
/// request and Hummingbird would answer 400 with an empty body. An error inside a request's body (a bad chunk, a
/// client gone mid-body) goes on to the request's handler, which answers it (400, or 499 in the metrics).
///
/// One per connection, used on its event loop only.
final class ParseErrorHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundOut = HTTPResponsePart

    /// Whether a request's head has come and its end not yet.
    private var inRequest = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: inRequest = true
        case .end: inRequest = false
        case .body: break
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parseError = error as? HTTPParserError, !inRequest, parseError != .invalidEOFState else {
            context.fireErrorCaught(error)
            return
        }
        let answer = parseError == .headerOverflow
            ? APIError(.init(code: 431), .malformedHttp,
                       "the request's URL and headers are longer than the server reads (80 KiB); send long values in "
                       + "a POST body")
            : APIError(.badRequest, .malformedHttp, "the request is not valid HTTP/1.1 (\(parseError))")
        let body = (try? JSONEncoder().encode(APIError.Body(error: .init(code: answer.code, message: answer.message))))
            ?? Data()
        var head = HTTPResponse(status: answer.status)
        head.headerFields = [.contentType: "application/json", .contentLength: String(body.count), .connection: "close"]
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(ByteBuffer(bytes: body))), promise: nil)
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
        let channel = context.channel
        written.futureResult.whenComplete { _ in channel.close(promise: nil) }
    }
}
