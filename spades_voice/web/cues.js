// Sound cues while playing alone: the server's own sounds (its synth, served as WAV
// files), each placed by seat with Web Audio: the left opponent on the left, the right
// one on the right, the partner in the middle and quieter. Which cue, where, how loud
// and when are the server's (the terminal's cue rules and sound keys); nothing plays
// until the player turns cues on with the sound key, and nothing waits for a cue.

let context = null;
const sounds = new Map(); // path -> Promise of its decoded AudioBuffer
const playing = new Set();

function audio() {
  if (!context) {
    const Audio = window.AudioContext || window.webkitAudioContext;
    if (!Audio) return null;
    context = new Audio();
  }
  if (context.state === "suspended") context.resume();
  return context;
}

function sound(c, path) {
  if (!sounds.has(path)) {
    // Beside the page, so a proxy's path for one process (/p1/) reaches it too.
    sounds.set(path, fetch(path.replace(/^\//, "")).then((r) => r.arrayBuffer()).then((b) => c.decodeAudioData(b)));
  }
  return sounds.get(path);
}

// One frame's cues: in order, ``gap`` seconds apart (a cue answering a key at once);
// ``hush`` stops what is playing first (the silence key).
export function playCues(frame) {
  if (!frame) return;
  if (frame.hush) {
    for (const source of playing) source.stop();
    playing.clear();
  }
  if (!frame.cues.length) return;
  const c = audio();
  if (!c) return;
  const start = c.currentTime;
  frame.cues.forEach((cue, i) => {
    sound(c, cue.sound).then((data) => {
      const source = c.createBufferSource();
      source.buffer = data;
      const gain = c.createGain();
      gain.gain.value = cue.gain;
      const pan = c.createStereoPanner(); // equal power, as the terminal's mixer pans
      pan.pan.value = cue.pan;
      source.connect(gain).connect(pan).connect(c.destination);
      playing.add(source);
      source.onended = () => playing.delete(source);
      source.start(Math.max(c.currentTime, start + (cue.at_once ? 0 : i * frame.gap)));
    }).catch(() => {}); // a cue that cannot play is simply not heard; the words are
  });
}
