#!/usr/bin/env python3
"""A minimal OTLP/HTTP trace receiver: see the spans mattertype-server sends without running a collector.

    Scripts/otlp-receiver.py [--port 4318] [--out spans.jsonl] [--port-file PATH]
    OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318 mattertype-server …

Answers POST /v1/traces (protobuf, gzip or not) as a collector does, and writes each span received as one JSON line
{"traceId", "spanId", "parentSpanId", "name", "kind", "start", "end", "attributes", "status", "service"} (ids in
lowercase hex, times in Unix nanoseconds) to --out, or standard output. --port 0 takes any free port; --port-file
names a file the port is written to once it listens (the server package's TracingTests start it so).

The protobuf is decoded by hand from the wire format, with the field numbers of opentelemetry-proto's
opentelemetry/proto/collector/trace/v1/trace_service.proto, trace/v1/trace.proto, common/v1/common.proto and
resource/v1/resource.proto (v1.x): no package beyond Python's own, and a decoder independent of the Swift encoder
it checks.
"""
import argparse
import gzip
import json
import os
import struct
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def fields(data):
    """Yields (field number, wire type, value) of a protobuf message: varints as ints, fixed64/fixed32 as bytes,
    length-delimited fields as bytes."""
    i = 0
    while i < len(data):
        key, i = varint(data, i)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, i = varint(data, i)
        elif wire == 1:
            value, i = data[i:i + 8], i + 8
        elif wire == 2:
            length, i = varint(data, i)
            value, i = data[i:i + length], i + length
        elif wire == 5:
            value, i = data[i:i + 4], i + 4
        else:
            raise ValueError(f"wire type {wire} of field {number} is not in OTLP")
        yield number, wire, value


def varint(data, i):
    result = shift = 0
    while True:
        byte = data[i]
        i += 1
        result |= (byte & 0x7F) << shift
        if byte < 0x80:
            return result, i
        shift += 7


def any_value(data):
    """common.proto AnyValue: 1 string, 2 bool, 3 int64, 4 double, 5 ArrayValue (1: values), 7 bytes."""
    for number, _, value in fields(data):
        if number == 1:
            return value.decode()
        if number == 2:
            return bool(value)
        if number == 3:
            return value - (1 << 64) if value >= 1 << 63 else value
        if number == 4:
            return struct.unpack("<d", value)[0]
        if number == 5:
            return [any_value(item) for n, _, item in fields(value) if n == 1]
        if number == 7:
            return value.hex()
    return None


def attributes(items):
    """KeyValue: 1 key, 2 AnyValue."""
    result = {}
    for item in items:
        parts = {number: value for number, _, value in fields(item)}
        result[parts.get(1, b"").decode()] = any_value(parts.get(2, b""))
    return result


def spans(request):
    """ExportTraceServiceRequest (1: ResourceSpans) → ResourceSpans (1: Resource, 2: ScopeSpans) → ScopeSpans
    (2: Span); Span: 1 trace_id, 2 span_id, 4 parent_span_id, 5 name, 6 kind, 7 start, 8 end (fixed64),
    9 attributes, 15 status (3: code)."""
    for number, _, resource_spans in fields(request):
        if number != 1:
            continue
        resource = {}
        for n, _, value in fields(resource_spans):
            if n == 1:
                resource = attributes([kv for m, _, kv in fields(value) if m == 1])
        for n, _, scope_spans in fields(resource_spans):
            if n != 2:
                continue
            for m, _, span in fields(scope_spans):
                if m != 2:
                    continue
                out = {"traceId": "", "spanId": "", "parentSpanId": "", "name": "", "kind": 0, "status": 0,
                       "service": resource.get("service.name")}
                attribute_items = []
                for k, _, value in fields(span):
                    if k == 1:
                        out["traceId"] = value.hex()
                    elif k == 2:
                        out["spanId"] = value.hex()
                    elif k == 4:
                        out["parentSpanId"] = value.hex()
                    elif k == 5:
                        out["name"] = value.decode()
                    elif k == 6:
                        out["kind"] = value
                    elif k == 7:
                        out["start"] = struct.unpack("<Q", value)[0]
                    elif k == 8:
                        out["end"] = struct.unpack("<Q", value)[0]
                    elif k == 9:
                        attribute_items.append(value)
                    elif k == 15:
                        out["status"] = next((code for c, _, code in fields(value) if c == 3), 0)
                out["attributes"] = attributes(attribute_items)
                yield out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=4318)
    parser.add_argument("--out", help="the file spans are appended to (default: standard output)")
    parser.add_argument("--port-file", help="a file to write the port to once listening")
    arguments = parser.parse_args()
    out = open(arguments.out, "a") if arguments.out else sys.stdout
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            if self.headers.get("Content-Encoding") == "gzip":
                body = gzip.decompress(body)
            if self.path != "/v1/traces" or "protobuf" not in self.headers.get("Content-Type", ""):
                self.send_response(404 if self.path != "/v1/traces" else 415)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            try:
                received = list(spans(body))
            except (ValueError, IndexError, UnicodeDecodeError) as error:
                self.send_response(400)
                self.send_header("Content-Length", "0")
                self.end_headers()
                print(f"otlp-receiver: undecodable request: {error}", file=sys.stderr)
                return
            with lock:
                for span in received:
                    out.write(json.dumps(span, sort_keys=True) + "\n")
                out.flush()
            # An empty ExportTraceServiceResponse: everything accepted.
            self.send_response(200)
            self.send_header("Content-Type", "application/x-protobuf")
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", arguments.port), Handler)
    if arguments.port_file:
        with open(arguments.port_file + ".part", "w") as file:
            file.write(str(server.server_address[1]))
        os.replace(arguments.port_file + ".part", arguments.port_file)
    else:
        print(f"otlp-receiver: listening on 127.0.0.1:{server.server_address[1]}", file=sys.stderr)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
