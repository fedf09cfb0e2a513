/**
 * Writes the practice exams' question slots (docs/requirements.md#req-exam-variants) into
 * studio/seed/production.ndjson: each exam document gets `slots` (three variant questions per
 * slot, same type and points, correct options in varied positions, accepted answers for text
 * questions, an explanation for every question), `passMark`, `shuffleOptions` and
 * `showCorrectAnswers`, and the course category its results suggest (`courseCategory`: STCW Courses);
 * its old `questions` field is removed. Everything else stays as it is.
 * Deterministic: keys are derived from the exam and question ids, so a variant's `_key` (its
 * variant id in item statistics) never changes between runs; the first variant of each slot keeps
 * the `_key` and question id the question had before slots existed.
 *
 *   node studio/scripts/seed-exams.mjs
 */
import {createHash} from 'node:crypto'
import {readFileSync, writeFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'

const FILE = fileURLToPath(new URL('../seed/production.ndjson', import.meta.url))

const key = (...parts) => createHash('sha1').update(parts.join('/')).digest('hex').slice(0, 12)

/** Plain paragraphs as Portable Text. */
const blocks = (owner, ...paragraphs) =>
  paragraphs.map((text, index) => ({
    _key: key(owner, 'p', index),
    _type: 'block',
    style: 'normal',
    markDefs: [],
    children: [{_key: key(owner, 's', index), _type: 'span', marks: [], text}],
  }))

/** Slots per exam: [points, type, variants]; a variant is {id, key?, question, options?, answer | answers, accepted?, explanation}. */
const EXAMS = {
  'exam-maritime-safety-basics': [
    [
      10,
      'single-choice',
      [
        {
          id: 'q1',
          key: '14cfd3353020',
          question: 'Which international convention sets the minimum safety standards for the construction, equipment and operation of merchant ships?',
          options: ['STCW', 'MLC', 'SOLAS', 'COLREGs'],
          answer: 'SOLAS',
          explanation:
            'SOLAS, the International Convention for the Safety of Life at Sea (1974), sets minimum standards for the construction, equipment and operation of merchant ships. STCW covers training and certification, MLC working and living conditions, and COLREGs the rules of the road.',
        },
        {
          id: 'q1b',
          question: 'Which IMO convention sets the standards of training, certification and watchkeeping for seafarers?',
          options: ['SOLAS', 'MLC', 'COLREGs', 'STCW'],
          answer: 'STCW',
          explanation:
            'The STCW Convention (1978, as amended in Manila in 2010) sets the minimum standards of training, certification and watchkeeping that every seafarer must meet.',
        },
        {
          id: 'q1c',
          question: "Which international convention, often called the seafarers' bill of rights, sets minimum working and living conditions on board?",
          options: ['SOLAS', 'Maritime Labour Convention (MLC, 2006)', 'STCW', 'Load Lines Convention'],
          answer: 'Maritime Labour Convention (MLC, 2006)',
          explanation:
            "The ILO's Maritime Labour Convention, 2006 covers employment agreements, hours of work and rest, accommodation, food, medical care and repatriation.",
        },
      ],
    ],
    [
      15,
      'single-choice',
      [
        {
          id: 'q2',
          key: '4ca940f2190a',
          question: 'What is the general emergency alarm signal on board a ship?',
          options: [
            'One prolonged blast',
            'Three short blasts',
            'Seven or more short blasts followed by one long blast',
            'Two long blasts followed by one short blast',
          ],
          answer: 'Seven or more short blasts followed by one long blast',
          explanation:
            "The general emergency alarm is seven or more short blasts followed by one long blast on the ship's whistle and alarm bells: everyone goes to their muster station with lifejacket and warm clothing.",
        },
        {
          id: 'q2b',
          question: 'On a cargo ship, how often must every crew member take part in at least one abandon-ship drill and one fire drill under SOLAS?',
          options: ['Every week', 'Every month', 'Every three months', 'Once a year'],
          answer: 'Every month',
          explanation:
            'SOLAS chapter III requires every crew member of a cargo ship to take part in at least one abandon-ship drill and one fire drill every month, and within 24 hours of leaving port if more than 25 % of the crew are new.',
        },
        {
          id: 'q2c',
          question: 'Which distress signal is fired to a height of about 300 metres and burns with a bright red light as it drifts down?',
          options: ['Hand flare', 'Buoyant orange smoke signal', 'Rocket parachute flare', 'Line-throwing rocket'],
          answer: 'Rocket parachute flare',
          explanation:
            'A rocket parachute flare rises to about 300 m and burns red for at least 40 seconds under its parachute, so it is seen from far away; hand flares and orange smoke mark your position when help is already close.',
        },
      ],
    ],
    [
      15,
      'multiple-choice',
      [
        {
          id: 'q3',
          key: 'f51c0e36ee5a',
          question: 'Which of the following are elements of STCW basic training (STCW Regulation VI/1)? Select all that apply.',
          options: [
            'Bridge resource management',
            'Personal survival techniques',
            'Fire prevention and fire fighting',
            'Elementary first aid',
            'Personal safety and social responsibilities',
          ],
          answers: ['Personal survival techniques', 'Fire prevention and fire fighting', 'Elementary first aid', 'Personal safety and social responsibilities'],
          explanation:
            'STCW basic training has four elements: personal survival techniques, fire prevention and fire fighting, elementary first aid, and personal safety and social responsibilities. Bridge resource management is a course for officers.',
        },
        {
          id: 'q3b',
          question: 'If time allows, which of the following should you do before abandoning ship? Select all that apply.',
          options: [
            'Put on warm clothing and your lifejacket',
            'Go back to your cabin for your passport',
            'Drink some water',
            'Jump from the highest point of the ship',
            'Go to your muster station',
          ],
          answers: ['Put on warm clothing and your lifejacket', 'Drink some water', 'Go to your muster station'],
          explanation:
            'Extra clothing slows cooling in the water, a drink of water before leaving delays dehydration, and mustering lets the master account for everyone. Never go back for belongings, and if you must jump, jump from as low as possible.',
        },
        {
          id: 'q3c',
          question: 'Which of the following must a SOLAS lifejacket carry? Select all that apply.',
          options: ['An EPIRB', 'A whistle firmly secured by a cord', 'A handheld VHF radio', 'A lifejacket light', 'Retro-reflective material'],
          answers: ['A whistle firmly secured by a cord', 'A lifejacket light', 'Retro-reflective material'],
          explanation:
            'The LSA Code requires every lifejacket to have a whistle on a cord, a light and retro-reflective tape, so a person in the water can be heard and seen by day and by night.',
        },
      ],
    ],
    [
      10,
      'single-choice',
      [
        {
          id: 'q4',
          key: '32c4f78e8daa',
          question: 'Which extinguishing method must NOT be used on a fire involving live electrical equipment?',
          options: ['Carbon dioxide (CO2) extinguisher', 'Dry chemical powder extinguisher', 'Water jet'],
          answer: 'Water jet',
          explanation:
            'Water conducts electricity: a water jet on live equipment can electrocute the person holding the hose. Isolate the power and use CO2 or dry powder.',
        },
        {
          id: 'q4b',
          question: 'Which portable extinguisher is the right choice for burning oil in a galley deep-fat fryer?',
          options: ['Water', 'Foam', 'Wet chemical', 'Sand'],
          answer: 'Wet chemical',
          explanation:
            'Water on burning cooking oil turns to steam at once and throws the oil out in a fireball. A wet chemical extinguisher cools the oil and forms a soapy crust over it; switch off the heat as well.',
        },
        {
          id: 'q4c',
          question: 'Under the European classification of fires, which class covers burning flammable liquids such as fuel oil?',
          options: ['Class A', 'Class C', 'Class D', 'Class B'],
          answer: 'Class B',
          explanation: 'Class A is solids (wood, paper, textiles), Class B flammable liquids, Class C gases, Class D metals and Class F cooking oils and fats.',
        },
      ],
    ],
    [
      10,
      'text',
      [
        {
          id: 'q5',
          key: 'a87a06522648',
          question: 'Which word, spoken three times, begins a radiotelephone distress call?',
          answer: 'Mayday',
          accepted: ['MAYDAY MAYDAY MAYDAY'],
          explanation:
            'A distress call begins "MAYDAY MAYDAY MAYDAY", used only when a ship or person is in grave and imminent danger and needs immediate help.',
        },
        {
          id: 'q5b',
          question: 'Which word, spoken three times, begins an urgency call on VHF radiotelephony?',
          answer: 'Pan-Pan',
          accepted: ['Pan Pan', 'PAN PAN PAN PAN PAN PAN', 'PanPan'],
          explanation:
            'An urgency call begins "PAN-PAN" three times: an urgent message about the safety of a ship or person that is not yet grave and imminent danger, for example a medical emergency.',
        },
        {
          id: 'q5c',
          question: 'Which word, spoken three times, begins a safety call (for example a navigational or weather warning) on VHF radiotelephony?',
          answer: 'Sécurité',
          accepted: ['Securite', 'SECURITE SECURITE SECURITE', 'Say-cure-ee-tay'],
          explanation: 'A safety call begins "SÉCURITÉ" three times (pronounced say-cure-ee-tay) and carries navigational or meteorological warnings.',
        },
      ],
    ],
    [
      10,
      'text',
      [
        {
          id: 'q6',
          key: 'f80695666e55',
          question: 'What is the short name (acronym) of the IMO convention for the prevention of pollution from ships?',
          answer: 'MARPOL',
          accepted: ['MARPOL 73/78', 'International Convention for the Prevention of Pollution from Ships'],
          explanation: 'MARPOL 73/78 has six annexes: oil, noxious liquids in bulk, harmful substances in packages, sewage, garbage and air pollution.',
        },
        {
          id: 'q6b',
          question: 'What is the acronym of the IMO code that requires every shipping company to run a Safety Management System?',
          answer: 'ISM',
          accepted: ['ISM Code', 'International Safety Management Code'],
          explanation:
            'The International Safety Management (ISM) Code, SOLAS chapter IX, requires a documented Safety Management System, a Designated Person Ashore and regular audits.',
        },
        {
          id: 'q6c',
          question: 'What is the acronym of the IMO code that sets security requirements for ships and port facilities and requires a Ship Security Officer?',
          answer: 'ISPS',
          accepted: ['ISPS Code', 'International Ship and Port Facility Security Code'],
          explanation:
            'The International Ship and Port Facility Security (ISPS) Code, SOLAS chapter XI-2, sets security levels 1 to 3 and requires a ship security plan and a Ship Security Officer.',
        },
      ],
    ],
    [
      15,
      'textarea',
      [
        {
          id: 'q7',
          key: 'd1e8c9bc59a6',
          question: 'A fixed CO2 flooding system puts out a fire by removing one side of the fire triangle. Which side does it remove, and how?',
          answer: 'Oxygen',
          accepted: ['the air', 'smothering', 'smothers'],
          explanation:
            'CO2 smothers the fire: it displaces the air, so the oxygen side of the triangle (heat, fuel, oxygen) is removed. Water mainly removes heat; shutting off a fuel valve removes fuel.',
        },
        {
          id: 'q7b',
          question: 'You discover a fire on board. What is the first thing you must do?',
          answer: 'Raise the alarm',
          accepted: ['alarm', 'alert the bridge', 'inform the bridge', 'shout fire'],
          explanation:
            'Raise the alarm first (shout "Fire!", press the nearest fire alarm, tell the bridge): only then try to fight a small fire with the nearest extinguisher, never putting yourself at risk.',
        },
        {
          id: 'q7c',
          question: 'A crew member has collapsed inside a ballast tank. What must you NOT do?',
          answer: 'Do not enter the tank',
          accepted: ['not enter', "don't enter", 'never enter', 'stay out', 'not go in', "don't go in"],
          explanation:
            'Never enter to help: most enclosed-space deaths are would-be rescuers. Raise the alarm, call the rescue team, and enter only with breathing apparatus once the entry procedure is followed.',
        },
      ],
    ],
    [
      15,
      'textarea',
      [
        {
          id: 'q8',
          key: 'ed2287622ad9',
          question: 'You see a crew member fall over the side of your ship into the sea. Describe your immediate actions.',
          answer: 'Shout "Man overboard!", throw a lifebuoy and keep the person in sight',
          accepted: [
            'man overboard',
            'raise the alarm',
            'sound the alarm',
            'lifebuoy',
            'life buoy',
            'life ring',
            'keep the person in sight',
            'williamson turn',
          ],
          explanation:
            'Shout "Man overboard!" and raise the alarm, throw a lifebuoy (with light and smoke signal) as close as possible, keep pointing at the person and never lose sight of them; the bridge presses the MOB button and starts a Williamson turn.',
        },
        {
          id: 'q8b',
          question: 'Alone in cold water wearing a lifejacket, what position should you take to reduce heat loss? Name it.',
          answer: 'HELP (Heat Escape Lessening Posture)',
          accepted: ['heat escape lessening posture', 'H.E.L.P', 'knees drawn up', 'knees to the chest', 'knees to chest'],
          explanation:
            'The Heat Escape Lessening Posture (HELP): knees drawn up to the chest, arms crossed over the lifejacket, protecting the armpits, groin and chest where most heat is lost. In a group, huddle.',
        },
        {
          id: 'q8c',
          question: 'How should a person rescued from cold water be lifted and kept, to avoid collapse after rescue?',
          answer: 'Horizontal',
          accepted: ['horizontally', 'lying flat', 'lie flat', 'lying down', 'flat'],
          explanation:
            'Lift and keep a hypothermic casualty horizontal: lifting them upright can make blood pressure drop and cause collapse after rescue. Handle gently and rewarm slowly.',
        },
      ],
    ],
  ],
  'exam-navigation-fundamentals': [
    [
      15,
      'single-choice',
      [
        {
          id: 'q1',
          key: '554d2fc583dc',
          question: 'Two power-driven vessels are crossing so as to involve risk of collision. Under COLREGs Rule 15, which vessel must keep out of the way?',
          options: [
            'The larger of the two vessels',
            'The vessel which has the other on her own port side',
            'The faster of the two vessels',
            'The vessel which has the other on her own starboard side',
          ],
          answer: 'The vessel which has the other on her own starboard side',
          explanation:
            'Rule 15: the vessel which has the other on her own starboard side keeps out of the way and, if possible, avoids crossing ahead of her. Size and speed do not matter.',
        },
        {
          id: 'q1b',
          question: 'Under COLREGs Rule 13, when is a vessel deemed to be overtaking?',
          options: [
            'When she is faster than the other vessel',
            'When coming up with another vessel from a direction more than 22.5 degrees abaft her beam',
            'When she is within two nautical miles astern of the other vessel',
            'When coming up from a direction less than 22.5 degrees abaft her beam',
          ],
          answer: 'When coming up with another vessel from a direction more than 22.5 degrees abaft her beam',
          explanation:
            "Overtaking means approaching from more than 22.5° abaft the other vessel's beam, where at night only her sternlight would be seen. The overtaking vessel keeps out of the way until finally past and clear.",
        },
        {
          id: 'q1c',
          question: 'Two power-driven vessels are meeting on reciprocal courses (head-on). What does COLREGs Rule 14 require?',
          options: [
            'The vessel with the other on her starboard side alters course to port',
            'Both vessels stop their engines',
            'Each alters course to starboard so that they pass port to port',
            'The smaller vessel gives way',
          ],
          answer: 'Each alters course to starboard so that they pass port to port',
          explanation: 'Rule 14: when meeting head-on, both vessels alter course to starboard and pass port side to port side.',
        },
      ],
    ],
    [
      10,
      'single-choice',
      [
        {
          id: 'q2',
          key: '7d968a4f58d9',
          question: 'In IALA Buoyage Region A, what colour is a port-hand lateral mark?',
          options: ['Green', 'Yellow', 'Red', 'Black with red bands'],
          answer: 'Red',
          explanation:
            'In Region A (Europe, Africa, most of Asia and Australia) port-hand marks are red, can-shaped, with a red can topmark; starboard-hand marks are green and conical. Region B (the Americas, Japan, Korea, the Philippines) is the other way round.',
        },
        {
          id: 'q2b',
          question: 'What is the topmark of a north cardinal mark?',
          options: ['Two black cones, points down', 'Two black cones, points up', 'Two black cones, base to base', 'Two black cones, point to point'],
          answer: 'Two black cones, points up',
          explanation: 'North: both cones point up; south: both down; east: base to base; west: point to point. Pass north of a north cardinal mark.',
        },
        {
          id: 'q2c',
          question: 'What does a safe water mark look like?',
          options: ['Yellow, with a yellow X topmark', 'Black with a red horizontal band', 'Green, conical', 'Red and white vertical stripes'],
          answer: 'Red and white vertical stripes',
          explanation:
            'A safe water mark has red and white vertical stripes and a single red sphere topmark: there is navigable water all round it, often at a channel entrance.',
        },
      ],
    ],
    [
      15,
      'multiple-choice',
      [
        {
          id: 'q3',
          key: 'c0b0429f582b',
          question: 'Which of the following items of equipment form part of the GMDSS (Global Maritime Distress and Safety System)? Select all that apply.',
          options: [
            'Magnetic compass',
            'EPIRB (Emergency Position-Indicating Radio Beacon)',
            'ECDIS (Electronic Chart Display and Information System)',
            'SART (Search and Rescue Transponder)',
            'NAVTEX receiver',
          ],
          answers: ['EPIRB (Emergency Position-Indicating Radio Beacon)', 'SART (Search and Rescue Transponder)', 'NAVTEX receiver'],
          explanation:
            "The EPIRB alerts rescue centres by satellite, the SART shows up on rescuers' radar, and NAVTEX receives maritime safety information. ECDIS and the magnetic compass are navigation equipment, not GMDSS.",
        },
        {
          id: 'q3b',
          question: 'Which lights must a power-driven vessel of 50 metres or more show when underway at night (COLREGs Rule 23)? Select all that apply.',
          options: [
            'An all-round red light',
            'Sidelights',
            'Two all-round red lights in a vertical line',
            'A sternlight',
            'Two masthead lights, the after one higher than the forward one',
          ],
          answers: ['Sidelights', 'A sternlight', 'Two masthead lights, the after one higher than the forward one'],
          explanation:
            'Rule 23: a forward masthead light and a higher after masthead light, sidelights and a sternlight. Two all-round red lights mean not under command.',
        },
        {
          id: 'q3c',
          question: "Which of the following give a fix of the ship's position? Select all that apply.",
          options: [
            'Cross bearings of two or more charted objects',
            'Dead reckoning from the heading and the log',
            'A GNSS (GPS) position',
            'The distance run read from the log',
            'A radar range and bearing of a charted object',
          ],
          answers: ['Cross bearings of two or more charted objects', 'A GNSS (GPS) position', 'A radar range and bearing of a charted object'],
          explanation:
            'A fix comes from observations: crossing position lines (bearings, radar ranges) or a satellite position. Dead reckoning and the log give only an estimated position.',
        },
      ],
    ],
    [
      15,
      'single-choice',
      [
        {
          id: 'q4',
          key: '82097b602dec',
          question: 'When working on a Mercator chart, how do you measure a distance in nautical miles?',
          options: [
            'One minute of longitude equals one nautical mile, measured on the longitude scale',
            'One minute of latitude equals one nautical mile, measured on the latitude scale',
            'One degree of latitude equals one nautical mile, measured on the latitude scale',
            'One centimetre on the chart equals one nautical mile',
          ],
          answer: 'One minute of latitude equals one nautical mile, measured on the latitude scale',
          explanation:
            'One nautical mile is one minute of latitude, so distances are measured on the latitude scale at the side of the chart. The longitude scale must never be used: a minute of longitude shrinks towards the poles.',
        },
        {
          id: 'q4b',
          question: 'On a Mercator chart, why must a distance be measured on the latitude scale level with the area being measured?',
          options: [
            'Because only the latitude scale is printed in miles',
            "Because the chart's scale grows with latitude",
            'Because the longitude scale is not printed on charts',
            'Because the compass error changes across the chart',
          ],
          answer: "Because the chart's scale grows with latitude",
          explanation:
            'The Mercator projection stretches the chart more and more towards the poles, so a minute of latitude is longer at the top of a northern chart than at the bottom: measure level with where you are.',
        },
        {
          id: 'q4c',
          question: 'What does a rhumb line represent on a Mercator chart?',
          options: [
            'The shortest distance between two points on the Earth',
            'A line joining places with the same tidal range',
            'A line crossing every meridian at the same angle',
            'A line joining points of equal depth',
          ],
          answer: 'A line crossing every meridian at the same angle',
          explanation:
            'A rhumb line crosses every meridian at the same angle, so it is a straight line on a Mercator chart and can be steered as one course. The shortest route is the great circle.',
        },
      ],
    ],
    [
      10,
      'text',
      [
        {
          id: 'q5',
          key: '6d597b77e3e5',
          question: 'What name is given to the tides with the largest range, which occur shortly after new moon and full moon?',
          answer: 'Spring',
          accepted: ['Spring tides', 'Springs'],
          explanation:
            'Spring tides: the sun and moon pull in line, giving the highest high waters and lowest low waters. They have nothing to do with the season.',
        },
        {
          id: 'q5b',
          question: 'What name is given to the tides with the smallest range, which occur around the first and last quarters of the moon?',
          answer: 'Neap',
          accepted: ['Neap tides', 'Neaps'],
          explanation: 'Neap tides: the sun and moon pull at right angles, so high waters are lower and low waters higher than usual.',
        },
        {
          id: 'q5c',
          question: 'What is the name of the reference level from which charted depths are measured?',
          answer: 'Chart datum',
          accepted: ['Lowest Astronomical Tide'],
          explanation: 'Chart datum, usually Lowest Astronomical Tide: the depth of water is the charted depth plus the height of tide above chart datum.',
        },
      ],
    ],
    [
      10,
      'text',
      [
        {
          id: 'q6',
          key: '168dc4562f9c',
          question: 'What is the name of the unit of speed equal to one nautical mile per hour?',
          answer: 'Knot',
          accepted: ['Knots', 'kn', 'kt'],
          explanation: 'One knot is one nautical mile (1852 m) per hour, about 1.85 km/h.',
        },
        {
          id: 'q6b',
          question: 'What is the name of the parallel of latitude 0°, halfway between the poles?',
          answer: 'Equator',
          accepted: ['the equator'],
          explanation: 'The equator is latitude 0°; latitude is measured north or south of it, up to 90° at the poles.',
        },
        {
          id: 'q6c',
          question: 'What is the name of the instrument used to measure the altitude of the sun or a star above the horizon?',
          answer: 'Sextant',
          accepted: ['a sextant', 'marine sextant'],
          explanation:
            'The sextant measures the angle between a celestial body and the horizon; with the exact time it gives a position line in celestial navigation.',
        },
      ],
    ],
    [
      20,
      'textarea',
      [
        {
          id: 'q7',
          key: '9dab32beb92a',
          question: 'Describe the action required of a give-way vessel under COLREGs Rule 16 (Action by give-way vessel).',
          answer: 'Take early and substantial action to keep well clear',
          accepted: ['early and substantial', 'keep well clear', 'substantial action'],
          explanation:
            'Rule 16: so far as possible, take early and substantial action to keep well clear. A large, early alteration is obvious to the other vessel on radar and by eye; small alterations are not.',
        },
        {
          id: 'q7b',
          question: 'Under COLREGs Rule 17, what must the stand-on vessel do while the give-way vessel keeps out of the way?',
          answer: 'Keep her course and speed',
          accepted: ['course and speed', 'maintain course', 'hold course'],
          explanation:
            'Rule 17: the stand-on vessel keeps her course and speed, may act when it becomes clear the other is not giving way, and must act when collision cannot be avoided by the give-way vessel alone.',
        },
        {
          id: 'q7c',
          question:
            'In restricted visibility you hear a fog signal apparently forward of your beam and cannot rule out risk of collision. What does COLREGs Rule 19(e) require you to do with your speed?',
          answer: 'Reduce speed to the minimum at which she can be kept on her course',
          accepted: ['reduce speed', 'reduce her speed', 'reduce your speed', 'minimum speed', 'take all way off', 'take all her way off'],
          explanation:
            'Rule 19(e): reduce speed to the minimum at which you can keep your course, take all way off if necessary, and navigate with extreme caution until the danger of collision is over.',
        },
      ],
    ],
    [
      25,
      'textarea',
      [
        {
          id: 'q8',
          key: '135849fec5d4',
          question: 'A ship steers 090° by compass. Deviation is 3° East and variation is 5° West. What is the true course? Show your working.',
          answer: '088°',
          accepted: ['088', '88 degrees', '88°'],
          explanation:
            'Compass to true: apply deviation, then variation; East is added, West subtracted. Compass 090° + 3° E deviation = magnetic 093°; 093° − 5° W variation = true 088°.',
        },
        {
          id: 'q8b',
          question: 'The true course to steer is 200°. Variation is 4° East and deviation is 2° West. What compass course must be steered? Show your working.',
          answer: '198°',
          accepted: ['198', '198 degrees'],
          explanation: 'True to compass reverses the signs: True 200° − 4° E variation = magnetic 196°; 196° + 2° W deviation = compass 198°.',
        },
        {
          id: 'q8c',
          question: 'Three bearings taken for a fix do not meet at one point but form a small triangle on the chart. What is the triangle called?',
          answer: 'Cocked hat',
          accepted: ['a cocked hat'],
          explanation:
            'A cocked hat shows errors in the bearings or the plot. Take the ship to be at the corner closest to danger, and check the compass error if the triangle is large.',
        },
      ],
    ],
  ],
}

const lines = readFileSync(FILE, 'utf8').split('\n').filter(Boolean)
const out = lines.map((line) => {
  const doc = JSON.parse(line)
  const slots = EXAMS[doc._id]
  if (doc._type !== 'exam' || !slots) return line
  const {questions: _old, ...rest} = doc
  const exam = {
    ...rest,
    courseCategory: {_type: 'reference', _ref: 'category-stcw-courses'},
    passMark: 70,
    shuffleOptions: true,
    showCorrectAnswers: true,
    slots: slots.map(([points, type, variants], index) => ({
      _key: key(doc._id, 'slot', index + 1),
      _type: 'examSlot',
      variants: variants.map((v) => {
        const owner = `${doc._id}/${v.id}`
        return {
          _key: v.key ?? key(owner),
          _type: 'examQuestion',
          questionId: v.id,
          type,
          question: v.question,
          ...(v.options ? {options: v.options} : {}),
          ...(type === 'multiple-choice' ? {correctAnswers: v.answers} : {correctAnswer: v.answer}),
          ...(v.accepted ? {acceptedAnswers: v.accepted} : {}),
          explanation: blocks(owner, v.explanation),
          points,
        }
      }),
    })),
  }
  return JSON.stringify(exam)
})
writeFileSync(FILE, out.join('\n') + '\n')
console.log(`seed-exams: ${Object.keys(EXAMS).length} exams written to ${FILE}`)
