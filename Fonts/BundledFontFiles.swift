public import Foundation

/// Where the bundled Noto Sans files are, independent of the working directory.
///
/// This folder is a SwiftPM resource target, so its `.ttf` files are copied into a resource bundle that
/// `Bundle.module` finds next to the built library, test runner or `mattertype` executable.
public enum BundledFontFiles {
    /// The URL of a bundled file such as `NotoSans-Regular.ttf`, or `nil` if the resource bundle is missing it.
    public static func url(forFileNamed fileName: String) -> URL? {
        let name = (fileName as NSString).deletingPathExtension
        let ext = (fileName as NSString).pathExtension
        return Bundle.module.url(forResource: name, withExtension: ext)
    }
}
