#!/usr/bin/python3
"""Drives the server's playground page in a real browser (Debian's chromium and chromium-driver, Python's selenium):

- the page loads and draws its sample card;
- typing a new card into the editor (real key events) updates the preview, and the preview's bytes are those
  `POST /v1/cards` answers for the same document and values;
- an invalid document shows the server's message next to the editor;
- saving a template (admin token) shows its URL, and that URL answers with a PNG;
- a Figma frame's fields are listed as inputs, and choosing another variant draws it;
- a document opened with the file picker (JSON, or gzipped as fetch-figma.py saves it) or dropped on the editor
  is drawn, in the mode it is for;
- switching to "A typography" shows that mode's own document (a render request), never posting the Figma document
  to /v1/render, and switching back brings the Figma document back;
- "Draw it only for signed URLs" stores the template signed and shows how to sign its URL, which then draws
  (signed here with Python's hmac) while the unsigned one is refused;
- a node the document has not is answered with its top-level nodes, in no CLI words (--node);
- the fonts list is every family GET /v1/families answers (installed ones too), drawn as it scrolls into view,
  and the filter narrows it.

Usage: Scripts/playground-browser-test.py --server Server/.build/debug/mattertype-server [--screenshot Docs/playground.png]
Installs nothing: `apt-get install chromium chromium-driver python3-selenium` first. Exit status 1 on a failure.
"""
import argparse, base64, gzip, hashlib, hmac, json, os, socket, subprocess, sys, tempfile, time, urllib.error, \
    urllib.parse, urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

ADMIN = "playground-test-admin-token"
SIGNING_KEY = ("test", "a signing secret of some length")
CARD = {"width": 320, "height": 120, "background": "#0B1F3A", "layers": [
    {"type": "text", "x": 16, "y": 16, "width": 288, "text": "{{title}}", "size": 24, "lineHeight": 30,
     "color": "#FFFFFF"}]}


# A frame with a vector saved without geometry=paths (as most real files are) and a text.
FIGMA = {"name": "T", "document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS",
         "children": [{"id": "31:1", "name": "Card", "type": "FRAME",
                       "absoluteBoundingBox": {"x": 0, "y": 0, "width": 300, "height": 160},
                       "fills": [{"type": "SOLID", "color": {"r": 1, "g": 1, "b": 1, "a": 1}}],
                       "children": [{"id": "31:2", "name": "Star", "type": "VECTOR",
                                     "absoluteBoundingBox": {"x": 10, "y": 10, "width": 20, "height": 20},
                                     "fills": [{"type": "SOLID", "color": {"r": 1, "g": 0, "b": 0, "a": 1}}]},
                                    {"id": "31:3", "name": "Title", "type": "TEXT", "characters": "Hello",
                                     "absoluteBoundingBox": {"x": 40, "y": 10, "width": 200, "height": 40},
                                     "style": {"fontFamily": "Noto Sans", "fontSize": 28, "lineHeightPx": 40,
                                               "lineHeightUnit": "PIXELS", "textAutoResize": "WIDTH_AND_HEIGHT"}}]}]}]}}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def post(base, path, body):
    request = urllib.request.Request(base + path, data=body.encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True)
    parser.add_argument("--screenshot")
    args = parser.parse_args()
    work = tempfile.mkdtemp()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([args.server, "--port", str(port), "--store", f"sqlite:{work}/fonts.sqlite",
                               "--log-level", "warning"],
                              env=dict(os.environ, MATTERTYPE_ADMIN_TOKEN=ADMIN,
                                       MATTERTYPE_URL_SIGNING_KEYS="=".join(SIGNING_KEY)),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    failures = []

    def check(condition, what):
        print(("ok   " if condition else "FAIL ") + what)
        if not condition:
            failures.append(what)

    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(base + "/readyz")
                break
            except Exception:
                time.sleep(0.05)
        options = webdriver.ChromeOptions()
        for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000",
                     "--disable-dev-shm-usage"]:
            options.add_argument(flag)
        options.binary_location = "/usr/bin/chromium"
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        wait = WebDriverWait(driver, 20)
        try:
            driver.get(base + "/playground")
            status = driver.find_element(By.ID, "status")
            wait.until(lambda d: status.text.startswith("Drawn"))
            check(driver.find_element(By.ID, "preview").get_attribute("src").startswith("blob:"),
                  "the page loads and draws its sample card")
            if args.screenshot:
                # The sample card with its title's box outlined under the pointer, and the fonts drawn.
                wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#fonts img")) > 0
                           and d.execute_script("return boxes.length") > 0)
                preview = driver.find_element(By.ID, "preview")
                ActionChains(driver).move_to_element_with_offset(preview, -120, -60).perform()
                wait.until(lambda d: d.find_element(By.ID, "hovered").text != "")
                driver.save_screenshot(args.screenshot)

            # Type a new card and its values with real key events.
            editor = driver.find_elements(By.TAG_NAME, "textarea")[0]
            values = driver.find_element(By.ID, "values")
            before = driver.find_element(By.ID, "preview").get_attribute("src")
            values.send_keys(Keys.CONTROL, "a")
            values.send_keys(Keys.DELETE)
            values.send_keys(json.dumps({"title": "Typed in a browser"}))
            editor.send_keys(Keys.CONTROL, "a")
            editor.send_keys(Keys.DELETE)
            document = json.dumps(CARD)
            editor.send_keys(document)
            wait.until(lambda d: d.find_element(By.ID, "preview").get_attribute("src") != before
                       and status.text.startswith("Drawn")
                       and d.find_element(By.ID, "values").get_attribute("value").endswith("}"))
            time.sleep(0.6)  # the last keystroke's debounced draw
            wait.until(lambda d: status.text.startswith("Drawn"))
            shown = driver.execute_async_script(
                "const done = arguments[0];"
                "fetch(document.getElementById('preview').src).then(r => r.arrayBuffer()).then(b => {"
                "  let s = ''; const v = new Uint8Array(b); for (const x of v) s += String.fromCharCode(x);"
                "  done(btoa(s)); });")
            code, direct = post(base, "/v1/cards?title=Typed+in+a+browser", document)
            check(code == 200 and base64.b64decode(shown) == direct,
                  f"editing the JSON updates the preview, whose bytes are POST /v1/cards's ({len(direct)} bytes)")

            # An invalid document: the server's message next to the editor.
            bad = json.dumps({"width": -5, "height": 10, "layers": []})
            editor.send_keys(Keys.CONTROL, "a")
            editor.send_keys(Keys.DELETE)
            editor.send_keys(bad)
            error = driver.find_element(By.ID, "document-error")
            wait.until(lambda d: error.text != "")
            code, answer = post(base, "/v1/cards", bad)
            message = json.loads(answer)["error"]["message"]
            check(code == 422 and error.text == message and editor.get_attribute("aria-invalid") == "true",
                  f"an invalid document shows its error next to the editor: {error.text!r}")

            # Save the typed card as a template.
            editor.send_keys(Keys.CONTROL, "a")
            editor.send_keys(Keys.DELETE)
            editor.send_keys(document)
            wait.until(lambda d: error.text == "")
            # The name's pattern is a valid regular expression under Chromium's v flag: a name with a space is
            # invalid to the browser (an invalid pattern would switch the check off, with a console warning).
            name_field = driver.find_element(By.ID, "template-name")
            name_field.send_keys("not valid")
            check(driver.execute_script("return arguments[0].validity.patternMismatch", name_field) is True,
                  "the template name's pattern works in Chromium (a name with a space does not match it)")
            name_field.clear()
            name_field.send_keys("from-playground")
            driver.find_element(By.ID, "admin-token").send_keys(ADMIN)
            driver.find_element(By.CSS_SELECTOR, "#save button[type=submit]").click()
            url_field = driver.find_element(By.ID, "template-url")
            save_error = driver.find_element(By.ID, "save-error")
            wait.until(lambda d: url_field.get_attribute("value") != "" or save_error.text != "")
            check(save_error.text == "", f"the template is saved: {save_error.text!r}")
            url = url_field.get_attribute("value")
            with urllib.request.urlopen(url) as response:
                check(response.status == 200 and response.headers["Content-Type"] == "image/png"
                      and url.startswith(base + "/v1/templates/from-playground.png?title="),
                      f"saving a template makes its URL answer: {url}")

            # Saved signed: the page says how to sign the URL; unsigned it is refused, signed it draws.
            check(not driver.find_element(By.ID, "sign-how").is_displayed(), "an unsigned template needs no signing")
            driver.find_element(By.ID, "template-signed").click()
            name_field.clear()
            name_field.send_keys("signed-one")
            driver.find_element(By.CSS_SELECTOR, "#save button[type=submit]").click()
            wait.until(lambda d: d.find_element(By.ID, "sign-how").is_displayed() or save_error.text != "")
            url = url_field.get_attribute("value")
            command = driver.find_element(By.ID, "sign-command").text
            check(save_error.text == "" and "mattertype sign --key-id" in command and url in command,
                  f"saving signed shows how to sign the URL: {command!r}")
            try:
                urllib.request.urlopen(url)
                refused = None
            except urllib.error.HTTPError as error:
                refused = (error.code, json.loads(error.read())["error"]["code"])
            parsed = urllib.parse.urlsplit(url)
            params = dict(urllib.parse.parse_qsl(parsed.query), kid=SIGNING_KEY[0])
            query = "&".join(f"{urllib.parse.quote(k, safe='-._~')}={urllib.parse.quote(v, safe='-._~')}"
                             for k, v in sorted(params.items()))
            sig = hmac.new(SIGNING_KEY[1].encode(), f"{parsed.path}?{query}".encode(), hashlib.sha256).hexdigest()
            with urllib.request.urlopen(f"{base}{parsed.path}?{query}&sig={sig}") as response:
                check(refused == (403, "url_not_signed") and response.status == 200,
                      f"its URL unsigned is refused {refused}, signed (Python's hmac) it draws")
            driver.find_element(By.ID, "template-signed").click()

            # A Figma document: its warnings listed under the preview, its layers named by node id and name.
            editor.send_keys(Keys.CONTROL, "a")
            editor.send_keys(Keys.DELETE)
            values.send_keys(Keys.CONTROL, "a")
            values.send_keys(Keys.DELETE)
            values.send_keys("{}")
            editor.send_keys(json.dumps(FIGMA))
            warnings = driver.find_element(By.ID, "warnings")
            wait.until(lambda d: "Star" in warnings.text)
            check('node 31:2 "Star": a VECTOR without path data is not drawn' in warnings.text,
                  f"a Figma document's warnings are listed under the preview, naming the node: {warnings.text!r}")
            wait.until(lambda d: d.execute_script("return boxes.length") == 3)
            preview = driver.find_element(By.ID, "preview")
            ActionChains(driver).move_to_element_with_offset(preview, 0, 0).perform()
            wait.until(lambda d: d.find_element(By.ID, "hovered").text != "")
            hovered = driver.find_element(By.ID, "hovered").text
            check(hovered.startswith('node 31:'), f"hovering names the Figma node: {hovered!r}")

            # A real 3 MB Figma frame, over --max-body-bytes as typed: the page sends it gzipped and it is drawn.
            large = gzip.open(os.path.join(ROOT, "Tests", "MatterTypeTests", "Fixtures", "figma", "documents",
                                           "paleophonix--meditation--choose_topic.json.gz"), "rt").read()
            before = driver.find_element(By.ID, "preview").get_attribute("src")
            driver.execute_script("const e = document.getElementById('document'); e.value = arguments[0];"
                                  "e.dispatchEvent(new Event('input'));", large)
            wait.until(lambda d: d.find_element(By.ID, "preview").get_attribute("src") != before
                       or d.find_element(By.ID, "document-error").text != "")
            check(driver.find_element(By.ID, "document-error").text == "" and status.text.startswith("Drawn")
                  and len(large) > 1 << 20,
                  f"a {len(large) >> 20} MB Figma document is sent gzipped and drawn: "
                  f"{driver.find_element(By.ID, 'document-error').text!r}")

            # A Figma frame with component properties: its fields listed as inputs; choosing another variant
            # sets it in the values and draws the frame again with that variant.
            modes = open(os.path.join(ROOT, "Examples", "figma-modes.json")).read()
            node = driver.find_element(By.ID, "node")
            node.send_keys(Keys.CONTROL, "a")
            node.send_keys("2:0")
            before = driver.find_element(By.ID, "preview").get_attribute("src")
            driver.execute_script("const e = document.getElementById('document'); e.value = arguments[0];"
                                  "e.dispatchEvent(new Event('input'));", modes)
            wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#field-inputs select")) == 6)
            size = driver.find_element(By.CSS_SELECTOR, '#field-inputs select[data-name="Button Small/Size (22:0)"]')
            check(size.get_attribute("value") == "Small", "a variant field shows its value")
            drawn = driver.find_element(By.ID, "preview").get_attribute("src")
            Select(size).select_by_value("Large")
            wait.until(lambda d: d.find_element(By.ID, "preview").get_attribute("src") != drawn)
            check(json.loads(values.get_attribute("value")).get("Button Small/Size (22:0)") == "Large",
                  f"choosing a variant sets it in the values: {values.get_attribute('value')!r}")
            check(driver.find_element(By.ID, "document-error").text == "",
                  f"the frame is drawn with the variant: {driver.find_element(By.ID, 'document-error').text!r}")

            # The mode switch: the Figma document stays with the card mode; the typography mode has its own.
            figma_text = editor.get_attribute("value")
            error = driver.find_element(By.ID, "document-error")
            driver.find_element(By.CSS_SELECTOR, "input[name=mode][value=text]").click()
            wait.until(lambda d: status.text.startswith("Drawn") or error.text != "")
            shown = json.loads(editor.get_attribute("value"))
            check("text" in shown and "document" not in shown and error.text == ""
                  and not driver.find_element(By.ID, "node").is_displayed(),
                  f"the typography mode shows its own render request and draws it: {error.text!r}")
            driver.find_element(By.CSS_SELECTOR, "input[name=mode][value=card]").click()
            wait.until(lambda d: status.text.startswith("Drawn") or error.text != "")
            check(editor.get_attribute("value") == figma_text, "switching back shows the Figma document again")

            # A node the document has not: the error lists its top-level nodes, in the playground's terms.
            node.send_keys(Keys.CONTROL, "a")
            node.send_keys(Keys.DELETE)
            driver.execute_script("const e = document.getElementById('document'); e.value = arguments[0];"
                                  "e.dispatchEvent(new Event('input'));", json.dumps(FIGMA))
            node.send_keys("9:9")
            wait.until(lambda d: "9:9" in error.text)
            check('its top-level nodes: 31:1 "Card"' in error.text and "--" not in error.text,
                  f"an unknown node is answered with the nodes to choose from: {error.text!r}")
            node.send_keys(Keys.CONTROL, "a")
            node.send_keys(Keys.DELETE)

            # The file picker: a card's JSON, then a gzipped Figma document (as fetch-figma.py saves one).
            values.send_keys(Keys.CONTROL, "a")
            values.send_keys(Keys.DELETE)
            values.send_keys(json.dumps({"title": "Picked"}))
            picker = driver.find_element(By.ID, "document-file")
            card_path = os.path.join(work, "picked.json")
            picked = dict(CARD, background="#5A1F3A")
            with open(card_path, "w") as f:
                json.dump(picked, f)
            before = driver.find_element(By.ID, "preview").get_attribute("src")
            picker.send_keys(card_path)
            wait.until(lambda d: editor.get_attribute("value") == json.dumps(picked)
                       and d.find_element(By.ID, "preview").get_attribute("src") != before
                       and status.text.startswith("Drawn"))
            check(error.text == "", f"a card opened with the file picker is drawn: {error.text!r}")
            gz_path = os.path.join(work, "figma.json.gz")
            with gzip.open(gz_path, "wt") as f:
                json.dump(FIGMA, f)
            driver.find_element(By.CSS_SELECTOR, "input[name=mode][value=text]").click()
            picker.send_keys(gz_path)
            wait.until(lambda d: editor.get_attribute("value") == json.dumps(FIGMA))
            wait.until(lambda d: "Star" in warnings.text or error.text != "")
            check(driver.find_element(By.CSS_SELECTOR, "input[name=mode][value=card]").is_selected()
                  and error.text == "",
                  f"a gzipped Figma document opened from the typography mode is drawn as a card: {error.text!r}")

            # Dropped on the editor: a render request switches to the typography mode.
            request = {"text": "Dropped here", "size": 28}
            driver.execute_script(
                "const t = new DataTransfer();"
                "t.items.add(new File([arguments[0]], 'request.json', {type: 'application/json'}));"
                "document.getElementById('document').dispatchEvent("
                "  new DragEvent('drop', {dataTransfer: t, bubbles: true, cancelable: true}));",
                json.dumps(request))
            wait.until(lambda d: editor.get_attribute("value") == json.dumps(request))
            wait.until(lambda d: status.text.startswith("Drawn") or error.text != "")
            check(driver.find_element(By.CSS_SELECTOR, "input[name=mode][value=text]").is_selected()
                  and error.text == "", f"a render request dropped on the editor is drawn as one: {error.text!r}")

            # The fonts: every family /v1/families answers, installed ones included; drawn when scrolled to.
            with urllib.request.urlopen(base + "/v1/families") as response:
                families = json.loads(response.read())["families"]
            installed = [f["name"] for f in families if "installed" in f["sources"]]
            items = driver.find_elements(By.CSS_SELECTOR, "#fonts li")
            check(len(items) == len(families) and len(installed) > 0
                  and [i.get_attribute("data-family") for i in items] == [f["name"] for f in families],
                  f"the fonts list is the server's {len(families)} families ({len(installed)} installed)")
            target = installed[-1]
            search = driver.find_element(By.ID, "fonts-filter")
            search.send_keys(target)
            shown = [i for i in driver.find_elements(By.CSS_SELECTOR, "#fonts li") if i.is_displayed()]
            check(0 < len(shown) < len(families)
                  and all(target.lower() in i.get_attribute("data-family").lower() for i in shown),
                  f"the filter narrows the list to {target!r}: {len(shown)} shown")
            item = driver.find_element(By.CSS_SELECTOR, f'#fonts li[data-family="{target}"]')
            driver.execute_script("arguments[0].scrollIntoView()", item)
            wait.until(lambda d: len(item.find_elements(By.TAG_NAME, "img")) == 1)
            check(item.find_element(By.TAG_NAME, "img").get_attribute("alt") == target + " specimen",
                  f"an installed family's specimen is drawn when it scrolls into view: {target}")
        finally:
            driver.quit()
    finally:
        server.terminate()
        server.wait()
    if failures:
        print(f"playground: {len(failures)} failed", file=sys.stderr)
        sys.exit(1)
    print("playground: every check passed")


if __name__ == "__main__":
    main()
