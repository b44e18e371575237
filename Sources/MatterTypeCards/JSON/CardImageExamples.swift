/// An image the declarations' examples carry (``FrameImageJSON/examples``, an image layer's `src`): a 2 × 2 PNG of
/// four colors, one half transparent and one transparent (written by Python's `zlib` and `struct`).
enum CardImageExamples {
    static let dataURI = "data:image/png;base64,"
        + "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAG0lEQVR4nGPglrf6/949/z/D/4tpDWzXFjAAAEi0CDrN2JTYAAAAAElFTkSuQmCC"
}
