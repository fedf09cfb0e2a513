/**
 * Studio inputs for an exam question's answer key (../exam.ts): editors pick the correct answer
 * from the question's own options instead of retyping it.
 *
 * - `CorrectAnswerInput` (field `correctAnswer`): radio buttons of the options for a
 *   single-choice question; the normal text input for text and textarea questions.
 * - `CorrectAnswersInput` (field `correctAnswers`): checkboxes of the options for a
 *   multiple-choice question.
 *
 * Both read the sibling `type` and `options` of the question with `useFormValue`. With no options
 * yet they say "Add options first". A stored answer that is no longer among the options (an
 * option was reworded or removed) stays visible, marked "Not an option", with a warning, so
 * editors see why validation fails; choosing an option (or unticking it) fixes it. Native radio
 * buttons and checkboxes inside their labels: keyboard usable (Tab, arrow keys, Space) and named
 * for screen readers; the group carries the field's title and description.
 */
import {Badge, Box, Card, Checkbox, Flex, Radio, Stack, Text} from '@sanity/ui'
import {useId, type ReactNode} from 'react'
import {set, unset, useFormValue, type ArrayOfPrimitivesInputProps, type Path, type StringInputProps} from 'sanity'
import {pickableOptions, strayAnswers, toggleAnswer} from './answerChoices'

/** The question's type and options, read next to the field at `path`. */
function useQuestion(path: Path): {type: unknown; options: unknown} {
  const question = path.slice(0, -1)
  return {type: useFormValue([...question, 'type']), options: useFormValue([...question, 'options'])}
}

/** Shown instead of the choices while the question has no options. */
function AddOptionsFirst() {
  return (
    <Card padding={3} radius={2} border tone="transparent">
      <Text size={1} muted>
        Add options first: the correct answer is picked from this question&rsquo;s options.
      </Text>
    </Card>
  )
}

/** The warning under the choices when stored answers are not among the options. */
function StrayWarning({stray, multiple}: {stray: string[]; multiple: boolean}) {
  const quoted = stray.map((answer) => `"${answer}"`).join(', ')
  const text =
    stray.length === 1
      ? `The saved answer ${quoted} is not one of this question's options any more, so the question fails validation.`
      : `The saved answers ${quoted} are not among this question's options any more, so the question fails validation.`
  const fix = !multiple
    ? ' Pick the correct option.'
    : stray.length === 1
      ? ' Untick it and tick the correct options.'
      : ' Untick them and tick the correct options.'
  return (
    <Card padding={3} radius={2} border tone="caution" role="status">
      <Text size={1}>{text + fix}</Text>
    </Card>
  )
}

/** One labelled radio button or checkbox: clicking the text toggles the control. */
function Choice({control, label, stray}: {control: ReactNode; label: string; stray: boolean}) {
  return (
    <Flex as="label" align="center" gap={3}>
      {control}
      <Box as="span" flex={1}>
        <Text as="span" size={1} weight="medium">
          {label}
        </Text>
      </Box>
      {stray ? (
        <Badge as="span" tone="caution">
          Not an option
        </Badge>
      ) : null}
    </Flex>
  )
}

/** The bordered group around the choices, named after the field. */
function ChoiceGroup(props: {role: 'radiogroup' | 'group'; label: string; describedBy: string | undefined; children: ReactNode}) {
  return (
    <Card padding={3} radius={2} border>
      <Stack space={3} role={props.role} aria-label={props.label} aria-describedby={props.describedBy}>
        {props.children}
      </Stack>
    </Card>
  )
}

/**
 * The question's options as one labelled control each (`control` makes the radio button or
 * checkbox of an option, `index` its place), stray answers last and marked; a hint instead when
 * the question has no options yet, and a warning when answers are not among them.
 */
function ChoiceList(props: {
  choices: string[]
  stray: string[]
  multiple: boolean
  label: string
  describedBy: string | undefined
  control: (option: string, index: number) => ReactNode
}) {
  const {choices, stray, multiple} = props
  const all = [...choices, ...stray]
  return (
    <Stack space={3}>
      {choices.length === 0 ? <AddOptionsFirst /> : null}
      {all.length > 0 ? (
        <ChoiceGroup role={multiple ? 'group' : 'radiogroup'} label={props.label} describedBy={props.describedBy}>
          {all.map((option, index) => (
            <Choice key={option} label={option} stray={stray.includes(option)} control={props.control(option, index)} />
          ))}
        </ChoiceGroup>
      ) : null}
      {stray.length ? <StrayWarning stray={stray} multiple={multiple} /> : null}
    </Stack>
  )
}

/**
 * Input of `correctAnswer`: radio buttons of the options for a single-choice question, the
 * default text input otherwise.
 */
export function CorrectAnswerInput(props: StringInputProps) {
  const {path, value, onChange, readOnly, elementProps, schemaType} = props
  const {type, options} = useQuestion(path)
  const name = useId()
  if (type !== 'single-choice') return props.renderDefault(props)

  const choices = pickableOptions(options)
  const stray = value ? strayAnswers(value, options) : []
  const all = [...choices, ...stray]
  // Sanity focuses `ref` when an editor clicks this field's validation message.
  const focusTarget = value && all.includes(value) ? value : all[0]
  return (
    <ChoiceList
      choices={choices}
      stray={stray}
      multiple={false}
      label={schemaType.title ?? 'Correct answer'}
      describedBy={elementProps['aria-describedby']}
      control={(option) => (
        <Radio
          ref={option === focusTarget ? elementProps.ref : undefined}
          name={name}
          value={option}
          checked={value === option}
          disabled={readOnly}
          onFocus={elementProps.onFocus}
          onBlur={elementProps.onBlur}
          onChange={() => {
            if (value !== option) onChange(set(option))
          }}
        />
      )}
    />
  )
}

/** Input of `correctAnswers`: checkboxes of the options of a multiple-choice question. */
export function CorrectAnswersInput(props: ArrayOfPrimitivesInputProps) {
  const {path, value, onChange, readOnly, elementProps, schemaType} = props
  const {type, options} = useQuestion(path)
  if (type !== 'multiple-choice') return props.renderDefault(props)

  const ticked = (value ?? []).filter((answer): answer is string => typeof answer === 'string')
  const choices = pickableOptions(options)
  const stray = strayAnswers(ticked, options)
  const toggle = (answer: string, checked: boolean) => {
    const next = toggleAnswer(ticked, answer, checked, options)
    onChange(next.length ? set(next) : unset())
  }
  return (
    <ChoiceList
      choices={choices}
      stray={stray}
      multiple
      label={schemaType.title ?? 'Correct answers'}
      describedBy={elementProps['aria-describedby']}
      control={(option, index) => (
        <Checkbox
          ref={index === 0 ? elementProps.ref : undefined}
          value={option}
          checked={ticked.includes(option)}
          disabled={readOnly}
          onFocus={elementProps.onFocus}
          onBlur={elementProps.onBlur}
          onChange={(event) => toggle(option, event.currentTarget.checked)}
        />
      )}
    />
  )
}
