// A search hit's title with the matched words in <mark>: the api sends parts, never HTML.
export interface TextPart { text: string; match: boolean }

export function Highlighted({ parts }: { parts: TextPart[] }) {
  return <>{parts.map((p, i) => (p.match ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}</>;
}
