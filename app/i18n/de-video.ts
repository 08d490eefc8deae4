/** German words of the video viewer (typed as the English ones). */
import type { VideoStrings } from './en-video';

const range = (start: string, end: string | null) => (end ? `${start} bis ${end}` : `bei ${start}`);

export const deVideo: VideoStrings = {
  player: 'Videoplayer',
  play: 'Abspielen',
  pause: 'Pause',
  mute: 'Ton aus',
  unmute: 'Ton an',
  position: 'Position',
  positionText: (now, total) => (total ? `${now} von ${total}` : now),
  loading: 'Video wird geladen…',
  buffering: 'Wird gepuffert…',
  failed: 'Dieser Browser kann dieses Video nicht abspielen.',
  download: 'Video herunterladen',
  keys: 'Leertaste oder K spielt ab und hält an; J und L oder die Pfeiltasten springen; C kommentiert das aktuelle Bild; ← → gehen von Kommentar-Markierung zu Markierung.',
  markers: 'Kommentare auf der Zeitleiste',
  marker: (n, start, end) => `Kommentar ${n}, ${range(start, end)}`,
  comment: 'Dieses Bild kommentieren',
  commentShort: 'Kommentieren',
  frame: 'Videobild',
  placeHint:
    'Klicken Sie auf die Stelle im Bild, zu der Ihr Kommentar gehört, oder bewegen Sie das Fadenkreuz mit den Pfeiltasten und drücken Sie Enter. Esc bricht ab.',
  placeHintTouch: 'Tippen Sie auf die Stelle im Bild, zu der Ihr Kommentar gehört.',
  clickToComment: 'Zum Kommentieren auf das Bild klicken',
  crosshair: 'Wo der Kommentar hinkommt',
  crosshairAt: (x, y) => `${Math.round(x)} % von links, ${Math.round(y)} % von oben`,
  cancelPlacing: 'Abbrechen',
  time: {
    title: 'Zeit',
    at: (start) => `Bei ${start}`,
    from: 'Von',
    until: 'Bis',
    untilHint: 'Leer: ein Zeitpunkt. Oder weiter abspielen und „Ende hier“ drücken.',
    endHere: (now) => `Ende hier (${now})`,
    clearEnd: 'Zeitpunkt daraus machen',
    goToStart: 'Zum Anfang springen',
    beforeStart: (start) => `Das Ende darf nicht vor dem Anfang liegen (${start}).`,
    afterEnd: (end) => `Das Video endet bei ${end}.`,
    notATime: 'Schreiben Sie eine Zeit wie 1:02,5 oder 62,5.',
  },
};
