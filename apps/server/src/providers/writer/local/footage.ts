/**
 * Lines that talk over footage without claiming anything about it, so they fit any video the user brings. A
 * voiceover for an existing video takes them, after its own lines, until it fills the video's length: a short
 * script would leave most of the user's video silent (issue 16: a 17-word script over a 20 s slideshow).
 */
export const footageLines = [
  'Take a closer look.',
  'Every detail here is there for a reason.',
  'This is what we do, every single day.',
  'Made with care from start to finish.',
  'See it for yourself.',
  'No shortcuts, no filters, just the real thing.',
  'Watch how it all comes together.',
  'It is the little things that make the difference.',
  'Real people, real work, real results.',
  'We put our name on every piece of it.',
  'Quality you can see from the very first moment.',
  'Stay with us, the best part is coming.',
  'This is the kind of thing you remember.',
  'Built for people who care about getting it right.',
  'Good things take time, and it shows.',
  'Here is what a good day looks like for us.',
  'Simple ideas, done really well.',
  'You can tell when something is made properly.',
  'And this is only the beginning.',
  'We would love to show you more.',
  'Picture this as part of your week.',
  'Once you see it, you will get it.',
  'Honest work you can trust.',
  'Everything you see here is the real deal.',
] as const;
