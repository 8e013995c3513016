// TSX fixture for js.innerhtml-xss: parsed with the Tsx grammar.
import React from 'react'

type Props = { bio: string; title: string }

export function Profile({ bio, title }: Props): JSX.Element {
  return (
    <section>
      {/* ruleid: js.innerhtml-xss */}
      <p dangerouslySetInnerHTML={{ __html: `<b>${title}</b>` }}></p>
      {/* ruleid: js.innerhtml-xss */}
      <div dangerouslySetInnerHTML={{ __html: window.location.hash }} />
      {/* ok: js.innerhtml-xss */}
      <div dangerouslySetInnerHTML={{ __html: bio }} />
      {/* ok: js.innerhtml-xss */}
      <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(bio) }} />
      {/* ok: js.innerhtml-xss */}
      <div>{bio}</div>
    </section>
  )
}

export function banner(el: HTMLElement, name: string): void {
  // ruleid: js.innerhtml-xss
  el.innerHTML = `Hello ${name as string}`
  // ok: js.innerhtml-xss
  el.innerText = name
}
