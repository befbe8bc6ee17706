import { Anchor, Button, List, Stack, Text, Title } from '@mantine/core';
import { type CrisisLine, type CrisisLines, DEFAULT_CRISIS_LINES } from '@podruga/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './CrisisPage.module.css';
import { linesByCountry, telHref, urlHref } from './lines.ts';
import { CRISIS_TEXTS as T } from './texts.ts';

/** A line: its name, the number as a `tel:` link, its site, when it answers, whom it is for. */
function Line({ line }: { line: CrisisLine }) {
  const about = [line.hours, line.free ? T.free : null, line.audience].filter(Boolean).join(', ');
  return (
    <List.Item>
      <Text fw={600} span>
        {line.name}
      </Text>
      {line.phone && (
        <>
          {' — '}
          <Anchor href={telHref(line.phone)} fw={600}>
            {line.phone}
          </Anchor>
        </>
      )}
      {line.url && (
        <>
          {' — '}
          <Anchor href={urlHref(line.url)} target="_blank" rel="noopener noreferrer">
            {line.url.replace(/^https?:\/\//i, '').replace(/\/$/, '')}
          </Anchor>
        </>
      )}
      {about && (
        <Text size="sm" c="dimmed">
          {about}
        </Text>
      )}
    </List.Item>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={classes.section}>
      <Title order={2} size="h4" id={id} mb="xs">
        {title}
      </Title>
      <Stack gap="xs">{children}</Stack>
    </section>
  );
}

/**
 * /help/crisis (issue 27): the crisis protocol, public. What she does when a user writes about suicide
 * or self-harm, that she is an AI and not a crisis service, the help lines by country, what is counted
 * and why, and 112 first of all. Needs no session and no 18+ answer (routes.tsx, AdultGateHost.tsx);
 * nothing on it is fetched, so it shows even when the API does not answer.
 */
export function CrisisPage({ lines = DEFAULT_CRISIS_LINES }: { lines?: CrisisLines }) {
  const countries = linesByCountry(lines);
  return (
    <Stack gap="lg" className="page-container">
      <Title order={1}>{T.title}</Title>
      <div className={classes.emergency} role="note">
        <Text>{T.emergency}</Text>
        <Button component="a" href={telHref('112')} color="red" mt="sm">
          {T.callEmergency}
        </Button>
      </div>

      <Section id="crisis-protocol" title={T.protocolTitle}>
        {T.protocol.map((p) => (
          <Text key={p}>{p}</Text>
        ))}
      </Section>

      <Section id="crisis-ai" title={T.aiTitle}>
        {T.ai.map((p) => (
          <Text key={p}>{p}</Text>
        ))}
      </Section>

      <Section id="crisis-lines" title={T.linesTitle}>
        {countries.length === 0 && <Text>{T.noLines}</Text>}
        {countries.map((country) => (
          <div key={country.code} data-testid="crisis-country">
            <Title order={3} size="h5" mb={4}>
              {country.name}
            </Title>
            <List spacing="xs" aria-label={country.name}>
              {country.lines.map((line) => (
                <Line key={`${line.name}|${line.phone ?? ''}|${line.url ?? ''}`} line={line} />
              ))}
            </List>
          </div>
        ))}
        <Text>{T.otherPerson}</Text>
      </Section>

      <Section id="crisis-count" title={T.countTitle}>
        {T.count.map((p) => (
          <Text key={p}>{p}</Text>
        ))}
      </Section>

      <Anchor component={Link} to="/">
        {T.home}
      </Anchor>
    </Stack>
  );
}
