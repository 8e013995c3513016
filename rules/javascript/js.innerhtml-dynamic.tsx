// TSX fixture for js.innerhtml-dynamic.
export function Article({ html, title }: { html: string; title: string }): JSX.Element {
  return (
    <article>
      {/* ruleid: js.innerhtml-dynamic */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
      {/* ok: js.innerhtml-dynamic */}
      <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
      {/* ok: js.innerhtml-dynamic */}
      <h1>{title}</h1>
    </article>
  )
}
