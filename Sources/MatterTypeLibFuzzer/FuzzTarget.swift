import Foundation
import MatterType
import MatterTypeFuzzing

// A coverage-guided fuzz target for libFuzzer, as HarfBuzz and Skia run theirs: each input is a request body —
// its first byte picks the route (even: POST /v1/render, odd: POST /v1/cards), the rest is the JSON — carried out
// by RequestChecker as the server would (decode, lay out, draw, encode to every format) and checked for the same
// invariants as `mattertype fuzz`. A trap, or a broken invariant (turned into one), is a crash libFuzzer keeps.
//
// Built only when MATTERTYPE_LIBFUZZER=1 (Package.swift), with the fuzzer and address sanitizer; see
// Scripts/libfuzzer.sh, which also writes the seed corpus from the request generator.

/// Fonts: the bundled ones and the system's, as the server's by default.
private let checker = RequestChecker(registry: FontRegistry())

/// libFuzzer's driver (libclang_rt.fuzzer): runs `callback` on inputs as its own main would. SwiftPM links an
/// executable's entry point as `main`, so the target calls the driver from one rather than taking libFuzzer's.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(_ argc: UnsafeMutablePointer<CInt>,
                       _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                       _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

@main
enum LibFuzzerMain {
    static func main() {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        // As the server does at start: a dictionary's one-time load (German: ~4 s, far more under ASan) is not
        // any input's cost, and counted against the first German input it would be a timeout.
        HyphenationDictionaries.preloadInstalled()
        exit(runDriver(&argc, &argv, fuzzOneInput))
    }
}

/// One input: its first byte picks the route, the rest is the body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 1, size < 1 << 20 else { return 0 }
    let kind: GeneratedRequest.Kind = data[0] % 2 == 0 ? .render : .card
    let body = Data(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let (problems, _) = checker.check(GeneratedRequest(kind: kind, body: body))
    if !problems.isEmpty {
        fatalError("broken invariant: \(problems.joined(separator: "; ")) for \(kind.rawValue) "
                   + String(decoding: body, as: UTF8.self))
    }
    return 0
}
