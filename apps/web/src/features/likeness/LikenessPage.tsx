import {
  Alert,
  Button,
  FileButton,
  Group,
  List,
  Paper,
  Progress,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type CreateExCharacterBody,
  LIKENESS_OPTIONS,
  LIKENESS_PHOTO_MESSAGES,
  LIKENESS_PRESET_NAMES,
  LIKENESS_RULES,
  LIKENESS_TEXTS,
  type LikenessField,
  type LikenessFormValues,
  type LikenessSelect,
  type LikenessSuggestions,
  likenessCompletion,
  likenessDimensionsError,
  likenessFieldError,
  likenessPhotoError,
  likenessProgressTone,
  PROGRESS_TONE_COLORS,
  SUGGESTED_FIELDS,
  validateLikenessForm,
} from '@podruga/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText, isApiError } from '../../shared/api/index.ts';
import { notify } from '../../shared/ui/notify.tsx';
import { likenessApi } from './api.ts';
import { prepareLikeness } from './flow.ts';
import { measureImage } from './measure.ts';
import { UpsellDialog } from './UpsellDialog.tsx';
import { usePlus } from './usePlus.ts';

const SELECTS = Object.keys(LIKENESS_OPTIONS) as LikenessSelect[];

/** The DOM id of a field: where the page scrolls on a failed submit. */
export const fieldId = (field: LikenessField) => `likeness-${field}`;

function presetName(): string {
  return LIKENESS_PRESET_NAMES[Math.floor(Math.random() * LIKENESS_PRESET_NAMES.length)] ?? 'Анна';
}

interface FormState extends Omit<LikenessFormValues, 'photo'> {
  photo: File | null;
}

function initialForm(): FormState {
  return {
    photo: null,
    name: presetName(),
    age: LIKENESS_RULES.defaultAge,
    ethnicity: '',
    body_type: '',
    breast_size: '',
    butt: '',
    skin_shade: '',
    hair_color: '',
    hairstyle: '',
    description: '',
  };
}

const valuesOf = (form: FormState): LikenessFormValues => ({ ...form, photo: form.photo !== null });

/** The photo's state: checking it, what the server suggested, or why it was refused. */
type PhotoState =
  | { kind: 'none' }
  | { kind: 'checking' }
  | { kind: 'suggested'; note: string }
  | { kind: 'manual'; message: string }
  | { kind: 'refused'; message: string };

/** /ex, 'Создание по образу' (001 §2, §4, §5; DESIGN §6). */
export function LikenessPage() {
  const navigate = useNavigate();
  const { plus, known } = usePlus();
  const [form, setForm] = useState<FormState>(initialForm);
  const [submitted, setSubmitted] = useState(false);
  const [photoState, setPhotoState] = useState<PhotoState>({ kind: 'none' });
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  const [upsell, setUpsell] = useState(false);
  const photoGeneration = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const values = valuesOf(form);
  const percent = likenessCompletion(values);
  const tone = likenessProgressTone(percent);
  const errorOf = (field: LikenessField) =>
    field === 'photo' && photoError ? photoError : submitted ? likenessFieldError(field, values) : null;

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  function applySuggestions(suggestions: LikenessSuggestions): void {
    setForm((current) => {
      const next = { ...current };
      for (const field of SUGGESTED_FIELDS) {
        const value = suggestions[field];
        if (value) next[field] = value;
      }
      return next;
    });
  }

  async function choosePhoto(file: File | null): Promise<void> {
    if (!file) return;
    const generation = ++photoGeneration.current;
    const local = likenessPhotoError(file);
    const size = local ? undefined : await measureImage(file);
    const error =
      local ??
      (size === null
        ? LIKENESS_PHOTO_MESSAGES.unreadable
        : size
          ? likenessDimensionsError(size.width, size.height)
          : null);
    if (error) {
      setPhotoError(error);
      set('photo', null);
      setPhotoState({ kind: 'none' });
      return;
    }
    setPhotoError(null);
    set('photo', file);
    setPhotoState({ kind: 'checking' });
    try {
      const answer = await likenessApi.analyze(file, file.name);
      if (generation !== photoGeneration.current) return;
      applySuggestions(answer.suggestions);
      setPhotoState({ kind: 'suggested', note: answer.note });
    } catch (failure) {
      if (generation !== photoGeneration.current) return;
      if (isApiError(failure) && (failure.code === 'plus_required' || failure.status === 401)) {
        setUpsell(true);
        setPhotoState({ kind: 'none' });
        return;
      }
      if (isApiError(failure) && failure.code === 'likeness_refused') {
        set('photo', null);
        setPhotoState({ kind: 'refused', message: failure.detail });
        return;
      }
      if (isApiError(failure) && failure.status >= 400 && failure.status < 500) {
        set('photo', null);
        setPhotoError(errorText(failure, LIKENESS_TEXTS.visionUnavailable));
        setPhotoState({ kind: 'none' });
        return;
      }
      // The analysis is unavailable: the photo counts, the fields are the user's to fill.
      setPhotoState({ kind: 'manual', message: errorText(failure, LIKENESS_TEXTS.visionUnavailable) });
    }
  }

  async function create(): Promise<void> {
    if (busy || ready) return;
    if (!plus) {
      setUpsell(true);
      return;
    }
    setSubmitted(true);
    const failures = validateLikenessForm(values);
    const first = failures[0];
    if (first) {
      notify.error(LIKENESS_TEXTS.formInvalid, 2500);
      const element = document.getElementById(fieldId(first.field));
      element?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      element?.querySelector<HTMLElement>('input, textarea, button')?.focus({ preventScroll: true });
      return;
    }
    const { photo: _photo, ...fields } = form;
    const character = {
      ...fields,
      name: fields.name.trim(),
      description: fields.description.trim(),
      age: fields.age ?? LIKENESS_RULES.defaultAge,
    } as CreateExCharacterBody;
    setBusy(true);
    const result = await prepareLikeness(likenessApi, character);
    setBusy(false);
    if (!result.ok) {
      if (result.upsell) setUpsell(true);
      else notify.error(result.message);
      return;
    }
    setReady(true);
    timer.current = setTimeout(() => navigate('/exgenerate'), LIKENESS_RULES.navigateDelayMs);
  }

  return (
    <div className="page-container">
      <Stack gap="lg" maw={640} mx="auto">
        <div>
          <Title order={1}>{LIKENESS_TEXTS.title}</Title>
          <Text c="dimmed" mt="xs">
            {LIKENESS_TEXTS.subtitle}
          </Text>
        </div>

        <Paper withBorder p="md" id={fieldId('photo')}>
          <Stack gap="xs">
            <Text fw={600}>{LIKENESS_TEXTS.photoLabel}</Text>
            <Text size="sm" data-testid="photo-promise">
              {LIKENESS_TEXTS.photoPromise}
            </Text>
            <Text size="xs" c="dimmed">
              {LIKENESS_TEXTS.photoHint}
            </Text>
            <Group>
              <FileButton onChange={(file) => void choosePhoto(file)} accept="image/png,image/jpeg">
                {(props) => (
                  <Button variant="light" {...props} loading={photoState.kind === 'checking'}>
                    {LIKENESS_TEXTS.photoButton}
                  </Button>
                )}
              </FileButton>
              {form.photo && <Text size="sm">{form.photo.name}</Text>}
            </Group>
            {photoState.kind === 'checking' && <Text size="sm">{LIKENESS_TEXTS.analyzing}</Text>}
            {photoState.kind === 'suggested' && (
              <Alert color="blue" variant="light" data-testid="photo-note">
                {photoState.note}
              </Alert>
            )}
            {photoState.kind === 'manual' && (
              <Alert color="yellow" variant="light">
                {photoState.message}
              </Alert>
            )}
            {photoState.kind === 'refused' && (
              <Alert color="red" variant="light" role="alert">
                {photoState.message}
              </Alert>
            )}
            {errorOf('photo') && (
              <Text c="red" size="sm" role="alert">
                {errorOf('photo')}
              </Text>
            )}
          </Stack>
        </Paper>

        <Stack gap="sm">
          <TextInput
            id={fieldId('name')}
            label={LIKENESS_TEXTS.nameLabel}
            required
            value={form.name}
            maxLength={30}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={errorOf('name')}
          />
          <TextInput
            id={fieldId('age')}
            label={LIKENESS_TEXTS.ageLabel}
            required
            type="number"
            min={18}
            max={70}
            value={form.age === null ? '' : String(form.age)}
            onChange={(e) => {
              const text = e.currentTarget.value;
              set('age', text === '' ? null : Number(text));
            }}
            error={errorOf('age')}
          />
          {SELECTS.map((field) => (
            <Select
              key={field}
              id={fieldId(field)}
              label={LIKENESS_TEXTS.selectLabels[field]}
              placeholder="Выберите"
              required
              data={LIKENESS_OPTIONS[field].map((o) => ({ value: o.value, label: o.label }))}
              value={form[field] || null}
              allowDeselect={false}
              onChange={(v) => set(field, v ?? '')}
              error={errorOf(field)}
            />
          ))}
          <Textarea
            id={fieldId('description')}
            label={LIKENESS_TEXTS.descriptionLabel}
            placeholder={LIKENESS_TEXTS.descriptionPlaceholder}
            required
            rows={4}
            maxLength={LIKENESS_RULES.descriptionMax}
            value={form.description}
            onChange={(e) => set('description', e.currentTarget.value)}
            error={errorOf('description')}
          />
        </Stack>

        <Paper withBorder p="md">
          <Text fw={600} mb="xs">
            {LIKENESS_TEXTS.tipsTitle}
          </Text>
          <List size="sm" spacing={4}>
            {LIKENESS_TEXTS.tips.map((tip) => (
              <List.Item key={tip}>{tip}</List.Item>
            ))}
          </List>
        </Paper>

        <div>
          <Group justify="space-between" mb={4}>
            <Text size="sm">{LIKENESS_TEXTS.progressLabel}</Text>
            <Text size="sm" data-testid="completion">
              {percent}%
            </Text>
          </Group>
          <Progress
            value={percent}
            color={PROGRESS_TONE_COLORS[tone]}
            aria-label={LIKENESS_TEXTS.progressLabel}
            data-tone={tone}
            data-testid="completion-bar"
          />
        </div>

        <Button size="lg" onClick={() => void create()} loading={busy} disabled={ready}>
          {busy ? LIKENESS_TEXTS.preparing : LIKENESS_TEXTS.create}
        </Button>
        {ready && (
          <Text c="teal" ta="center" role="status">
            {LIKENESS_TEXTS.prepared}
          </Text>
        )}
      </Stack>
      <UpsellDialog opened={upsell || (known && !plus)} />
    </div>
  );
}
