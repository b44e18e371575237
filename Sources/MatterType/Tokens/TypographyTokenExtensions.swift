public import Foundation

/// Reads the fields of a typography token's `$extensions.mattertype` that design tools have no key for.
///
/// The design tools' own keys (`fontStyle`, `fontWidth` or `fontStretch`, `textCase`, `textDecoration`,
/// `paragraphSpacing`, `paragraphIndent`, and `maximumScaleFactor`, `isFixed`) are read by ``DesignTokens`` itself,
/// in `$extensions.mattertype` as in Tokens Studio's values. Every other key goes to this reader: MatterTypeWire's
/// `TypographyFields.tokenExtensions` reads them as the typography fields of a render request (`wordSpacing`,
/// `textWrap`, `hyphens`, `textBox`, `features`…, spelled and checked as `Docs/Fields.md` lists them), so a
/// property declared once there is a token extension too.
public protocol TypographyTokenExtensions: Sendable {
    /// Changes `typography` (the token's value read) by the field `key` set to `json`, one JSON value with its
    /// references and math resolved, and its DTCG dimensions (`{"value": 12, "unit": "px"}`) and `rem` lengths
    /// written as points; an `em` is `typography.fontSize`.
    /// - Throws: ``DesignTokenError`` whose message says what is wrong with the value or that `key` is no field;
    ///   its path is replaced by the token's.
    func apply(_ key: String, json: Data, to typography: inout Typography) throws(DesignTokenError)
}
