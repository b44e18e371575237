#include "mattertype_codecs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/encode.h>

int mattertype_webp_write(const uint8_t *rgba, uint32_t width, uint32_t height, float effort, int quality,
                          mattertype_buffer *out) {
    out->message[0] = 0;
    if (width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION) {
        snprintf(out->message, sizeof out->message, "WebP images are at most %d pixels wide and tall",
                 WEBP_MAX_DIMENSION);
        return 0;
    }
    WebPConfig config;
    WebPPicture picture;
    if (!WebPConfigInit(&config) || !WebPPictureInit(&picture)) {
        snprintf(out->message, sizeof out->message, "libwebp version mismatch");
        return 0;
    }
    if (quality >= 0) {  // lossy at that quality
        config.lossless = 0;
        config.quality = (float)quality;
        // Method 2 for balanced: on Examples/card.json 26.8 KB in half method 4's time (26.0 KB), and smaller
        // than takumi's lossy WebP at the same quality (35.4 KB) with as good a PSNR (40.9 dB against 40.8).
        config.method = effort >= 90 ? 6 : (effort >= 50 ? 2 : 0);
        // Sharp RGB-to-YUV conversion keeps text's colored edges a little truer (0.6 dB on Examples/card.json) but
        // takes 2.5 times as long as the rest of the encoding: only when asked for the smallest, best file.
        config.use_sharp_yuv = effort >= 90;
    } else {
        config.lossless = 1;
        config.exact = 1;  // keep the color of transparent pixels: decoded pixels equal the encoded ones
        config.quality = effort;
        config.method = effort >= 90 ? 6 : (effort >= 50 ? 4 : 1);
    }
    picture.use_argb = 1;
    picture.width = (int)width;
    picture.height = (int)height;
    if (!WebPPictureImportRGBA(&picture, rgba, (int)width * 4)) {
        snprintf(out->message, sizeof out->message, "out of memory for the WebP picture");
        return 0;
    }
    WebPMemoryWriter writer;
    WebPMemoryWriterInit(&writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &writer;
    int ok = WebPEncode(&config, &picture);
    if (!ok) {
        snprintf(out->message, sizeof out->message, "libwebp error %d", (int)picture.error_code);
        WebPMemoryWriterClear(&writer);
    } else {
        // Copied into memory mattertype_buffer_free frees (libwebp's must go back through WebPFree).
        out->data = malloc(writer.size ? writer.size : 1);
        if (out->data) {
            memcpy(out->data, writer.mem, writer.size);
            out->size = out->capacity = writer.size;
        } else {
            snprintf(out->message, sizeof out->message, "out of memory for the encoded image");
            ok = 0;
        }
        WebPMemoryWriterClear(&writer);
    }
    WebPPictureFree(&picture);
    return ok;
}

int mattertype_webp_decode_rgba(const uint8_t *data, size_t size, uint64_t max_pixels, uint32_t *width,
                                uint32_t *height, mattertype_buffer *out) {
    out->message[0] = 0;
    int w = 0, h = 0;
    if (!WebPGetInfo(data, size, &w, &h)) {
        snprintf(out->message, sizeof out->message, "not a WebP image libwebp can decode");
        return 0;
    }
    if ((uint64_t)w * (uint64_t)h > max_pixels) {
        snprintf(out->message, sizeof out->message, "the WebP image is %d x %d pixels, more than %llu", w, h,
                 (unsigned long long)max_pixels);
        return 0;
    }
    uint8_t *pixels = WebPDecodeRGBA(data, size, &w, &h);
    if (!pixels) {
        snprintf(out->message, sizeof out->message, "not a WebP image libwebp can decode");
        return 0;
    }
    size_t count = (size_t)w * (size_t)h * 4;
    out->data = malloc(count ? count : 1);
    if (!out->data) {
        WebPFree(pixels);
        snprintf(out->message, sizeof out->message, "out of memory for the decoded image");
        return 0;
    }
    memcpy(out->data, pixels, count);
    out->size = out->capacity = count;
    *width = (uint32_t)w;
    *height = (uint32_t)h;
    WebPFree(pixels);
    return 1;
}
