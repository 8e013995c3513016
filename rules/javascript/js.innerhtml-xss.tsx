// TSX fixture for js.innerhtml-xss: parsed with the Tsx grammar.
import React from 'react'
import { useSearchParams } from 'next/navigation'
import DOMPurify from 'dompurify'

type Props = { bio: string; title: string }

export function Search(): JSX.Element {
  const searchParams = useSearchParams()
  const q: string | null = searchParams.get('q')
  const highlighted = `<mark>${q}</mark>`
  return (
    <section>
      {/* ruleid: js.innerhtml-xss (flow: assignments) */}
      <p dangerouslySetInnerHTML={{ __html: highlighted }}></p>
      {/* ruleid: js.innerhtml-xss (flow: direct) */}
      <div dangerouslySetInnerHTML={{ __html: window.location.hash }} />
      {/* ok: js.innerhtml-xss (flow: sanitized) */}
      <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(q ?? '') }} />
      {/* ok: js.innerhtml-xss */}
      <div>{q}</div>
    </section>
  )
}

export function Profile({ bio, title }: Props): JSX.Element {
  return (
    <section>
      {/* ok: js.innerhtml-xss */}
      <p dangerouslySetInnerHTML={{ __html: `<b>${title}</b>` }}></p>
      {/* ok: js.innerhtml-xss */}
      <div dangerouslySetInnerHTML={{ __html: bio }} />
    </section>
  )
}

export function banner(el: HTMLElement): void {
  // ruleid: js.innerhtml-xss (flow: string-building)
  el.innerHTML = `Hello ${document.cookie as string}`
  // ok: js.innerhtml-xss
  el.innerText = document.cookie
}

// A Next.js page: params and searchParams come from the URL.
export function Page({ params, searchParams }: { params: { slug: string }; searchParams: { q?: string } }): JSX.Element {
  return (
    <main>
      {/* ruleid: js.innerhtml-xss (flow: direct) */}
      <div dangerouslySetInnerHTML={{ __html: `<h1>${searchParams.q}</h1>` }} />
      {/* ok: js.innerhtml-xss */}
      <h1>{params.slug}</h1>
    </main>
  )
}

export default async function ProductPage({ params, searchParams }: { params: { id: string }; searchParams: { ref?: string } }): Promise<JSX.Element> {
  // ruleid: js.innerhtml-xss (flow: direct)
  return <aside dangerouslySetInnerHTML={{ __html: 'Referred by ' + searchParams.ref }} />
}
