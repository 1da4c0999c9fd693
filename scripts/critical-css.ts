import postcss, { type AtRule, type ChildNode, type Container } from 'postcss'

/**
 * The part of the app's style sheet a page frame needs, to put inline in the page's HTML: the sheet's
 * reset, base and token layers whole (element rules and custom properties), and of its class rules
 * only those whose classes all appear in the frame. The frame is painted with it before the full sheet
 * (fetched without blocking) is in; the app applies the full sheet before its first render.
 */
export function criticalCss(sheet: string, frameHtml: string): string {
  const used = classesIn(frameHtml)
  const root = postcss.parse(sheet)
  const keep = (node: Container) => {
    node.each((child: ChildNode) => {
      if (child.type === 'rule') {
        if (!child.selectors.some((selector) => selectorClasses(selector).every((name) => used.has(name)))) child.remove()
      } else if (child.type === 'atrule' && child.nodes) {
        // Layers of element rules and tokens stay whole; @keyframes and @font-face are not filtered.
        if (isWholeLayer(child) || /keyframes$|^font-face$/.test(child.name)) return
        keep(child)
        if (!child.nodes.length && child.name !== 'layer') child.remove()
      }
    })
  }
  keep(root)
  return root.toString()
}

const wholeLayers = new Set(['reset', 'base', 'tokens'])
const isWholeLayer = (rule: AtRule) => rule.name === 'layer' && wholeLayers.has(rule.params.trim())

/** The class names in the frame's class attributes (entity-decoded as the browser reads them). */
function classesIn(html: string): Set<string> {
  const names = new Set<string>()
  for (const [, value] of html.matchAll(/\bclass="([^"]*)"/g)) {
    const decoded = value
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
    for (const name of decoded.split(/\s+/)) if (name) names.add(name)
  }
  return names
}

/** The class names a selector requires, unescaped (`.md\:d_flex` is the class `md:d_flex`). */
export function selectorClasses(selector: string): string[] {
  // Attribute values and :is()/:where() arguments can hold dots; only the selector's own classes count,
  // and a class inside :not() or :has() says nothing about the element's own classes either way.
  // (Escaped brackets, colons and parentheses belong to class names: `.\[\&\[data-state\=open\]\]\:w_4`.)
  const outside = selector.replace(/(?<!\\)\[(?:\\.|[^\]\\])*\]/g, '').replace(/(?<!\\):(?:not|has|is|where)\((?:\\.|[^()\\]|\((?:\\.|[^()\\])*\))*\)/g, '')
  return [...outside.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+)/g)].map(([, escaped]) =>
    escaped.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_, hex: string | undefined, char: string | undefined) =>
      hex ? String.fromCodePoint(parseInt(hex, 16)) : char!,
    ),
  )
}
