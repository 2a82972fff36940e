import sharp from 'sharp';

/**
 * A packshot to try the compositor with (tests, docs/ugc-stills): a serum bottle with a pump and a label, on an
 * off-white studio backdrop with a soft floor shadow, as a JPEG like an upload would be.
 */
export async function samplePackshot(colour = '#2f6f6a'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000">
    <defs>
      <radialGradient id="studio" cx="0.5" cy="0.45" r="0.8"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#f6f5f3"/></radialGradient>
      <linearGradient id="glass" x1="0" x2="1"><stop offset="0" stop-color="${colour}"/><stop offset="0.25" stop-color="${colour}" stop-opacity="0.82"/><stop offset="0.6" stop-color="${colour}"/><stop offset="1" stop-color="#1c2b2a"/></linearGradient>
      <linearGradient id="metal" x1="0" x2="1"><stop offset="0" stop-color="#d9d4cc"/><stop offset="0.4" stop-color="#fbfaf7"/><stop offset="1" stop-color="#a9a39a"/></linearGradient>
      <filter id="blur" x="-50%" y="-200%" width="200%" height="500%"><feGaussianBlur stdDeviation="14"/></filter>
    </defs>
    <rect width="800" height="1000" fill="url(#studio)"/>
    <ellipse cx="400" cy="880" rx="190" ry="22" fill="#000" opacity="0.14" filter="url(#blur)"/>
    <rect x="370" y="150" width="60" height="40" rx="6" fill="url(#metal)"/>
    <rect x="330" y="120" width="170" height="34" rx="10" fill="url(#metal)"/>
    <rect x="340" y="190" width="120" height="90" rx="12" fill="url(#metal)"/>
    <rect x="250" y="270" width="300" height="610" rx="70" fill="url(#glass)"/>
    <rect x="280" y="300" width="26" height="540" rx="13" fill="#ffffff" opacity="0.28"/>
    <rect x="290" y="470" width="220" height="280" rx="14" fill="#f6f1e7"/>
    <text x="400" y="560" text-anchor="middle" font-family="DejaVu Serif, serif" font-size="54" fill="#2b2b2b">Lumi</text>
    <rect x="350" y="585" width="100" height="3" fill="${colour}"/>
    <text x="400" y="640" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="22" fill="#555" letter-spacing="3">HYDRATING</text>
    <text x="400" y="672" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="22" fill="#555" letter-spacing="3">SERUM</text>
    <text x="400" y="725" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="18" fill="#888">30 ml</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}
