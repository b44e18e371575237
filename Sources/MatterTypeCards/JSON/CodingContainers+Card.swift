public import Foundation
public import MatterType
public import MatterTypeWire

extension KeyedDecodingContainer {
    /// Corner radii: one number for every corner, or four, `[topLeft, topRight, bottomRight, bottomLeft]`.
    func decodeCornersIfPresent(forKey key: Key) throws -> CornerRadii? {
        guard contains(key) else { return nil }
        if let radius = try? decode(Double.self, forKey: key) { return CornerRadii(radius) }
        guard let radii = try? decode([Double].self, forKey: key), radii.count == 4 else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription:
                "give one radius, or four: [topLeft, topRight, bottomRight, bottomLeft]")
        }
        return CornerRadii(topLeft: radii[0], topRight: radii[1], bottomRight: radii[2], bottomLeft: radii[3])
    }
}

extension KeyedEncodingContainer {
    /// Corner radii as they are read: one number when all are equal, else four.
    mutating func encodeCorners(_ corners: CornerRadii, forKey key: Key) throws {
        if corners.isUniform { try encode(corners.topLeft, forKey: key) } else { try encode(corners.all, forKey: key) }
    }
}
