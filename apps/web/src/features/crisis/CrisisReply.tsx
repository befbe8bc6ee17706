import { CRISIS_PAGE_PATH, type CrisisLine } from '@podruga/shared';
import { Link } from 'react-router';
import classes from './CrisisReply.module.css';
import { allLines, linesNotInText, linkSegments, telHref, urlHref } from './lines.ts';
import { CRISIS_TEXTS } from './texts.ts';

interface CrisisReplyProps {
  /** Her reply as stored: it holds the lines as plain text. */
  text: string;
  /** The lines the server listed with it (`metadata.crisis_lines`); null: the defaults are looked for. */
  lines: CrisisLine[] | null;
}

/** One line as a link to call or to open. */
function LineLinks({ line }: { line: CrisisLine }) {
  return (
    <li>
      {line.name}
      {line.phone && (
        <>
          {' — '}
          <a href={telHref(line.phone)}>{line.phone}</a>
        </>
      )}
      {line.url && (
        <>
          {' — '}
          <a href={urlHref(line.url)} target="_blank" rel="noopener noreferrer">
            {line.url.replace(/^https?:\/\//i, '').replace(/\/$/, '')}
          </a>
        </>
      )}
      {line.hours && `, ${line.hours}`}
    </li>
  );
}

/**
 * Her crisis reply in the chat (issue 27): her text, in her bubble, with every number to call a `tel:`
 * link and every site a link; the lines the server listed that the text does not name, under it; and
 * the way to the crisis page. Her message, never an error: no red, no warning.
 */
export function CrisisReply({ text, lines }: CrisisReplyProps) {
  const known = lines ?? allLines();
  const extra = lines ? linesNotInText(text, lines) : [];
  return (
    <>
      <div className={classes.text}>
        {linkSegments(text, known).map((segment, i) =>
          segment.href ? (
            <a
              // biome-ignore lint/suspicious/noArrayIndexKey: the segments of one text, in order
              key={i}
              className={classes.link}
              href={segment.href}
              {...(segment.href.startsWith('tel:') ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
            >
              {segment.text}
            </a>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the segments of one text, in order
            <span key={i}>{segment.text}</span>
          ),
        )}
      </div>
      {extra.length > 0 && (
        <ul className={classes.lines} aria-label={CRISIS_TEXTS.replyLines}>
          {extra.map((line) => (
            <LineLinks key={`${line.name}|${line.phone ?? ''}|${line.url ?? ''}`} line={line} />
          ))}
        </ul>
      )}
      <Link className={classes.pageLink} to={CRISIS_PAGE_PATH}>
        {CRISIS_TEXTS.replyPageLink}
      </Link>
    </>
  );
}
