"""The API documentation page (Swagger UI) stays readable in the dark skins: its text is
checked against the background it is drawn on, as a reader's browser renders it."""
import pytest

pytestmark = pytest.mark.django_db(transaction=True)

# For each sample of Swagger UI's text: (its colour, the first opaque background behind
# it), then their WCAG contrast ratio.
CONTRAST = """(selector) => {
  const rgb = (s) => (s.match(/[\\d.]+/g) || []).map(Number);
  const opaque = (el) => {
    for (; el; el = el.parentElement) {
      const c = rgb(getComputedStyle(el).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) return c;
    }
    return rgb(getComputedStyle(document.body).backgroundColor);
  };
  const lum = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => {
      v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  return [...document.querySelectorAll(selector)].slice(0, 5).map((el) => {
    const a = lum(rgb(getComputedStyle(el).color)), b = lum(opaque(el));
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}"""
SAMPLES = [".swagger-ui .info .title", ".swagger-ui .info .description p",
           ".swagger-ui .opblock-tag", ".swagger-ui .opblock-summary-path",
           ".swagger-ui .opblock-summary-description", ".swagger-ui .parameter__name"]


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_the_api_docs_are_readable_in_a_dark_and_a_light_skin(page, live_server, scheme,
                                                              screenshot):
    page.emulate_media(color_scheme=scheme)  # a visitor's automatic skin follows the device
    page.goto(f"{live_server.url}/api/v1/docs")
    page.wait_for_selector(".swagger-ui .opblock")
    page.click(".swagger-ui .opblock-summary >> nth=0")
    page.wait_for_selector(".swagger-ui .parameter__name")
    screenshot(scheme)
    for selector in SAMPLES:
        ratios = page.evaluate(CONTRAST, selector)
        assert ratios, selector
        assert min(ratios) >= 4.5, (selector, ratios)
