import sharp from 'sharp';

// Simple drawn houses in a few colour schemes: clearly not real customer photos, yet they look
// like the kind of picture a customer sends (a house front, a roof, a driveway).

const SCHEMES = [
  { sky: '#9cc9e8', wall: '#d8cfc4', roof: '#5b4a3f', ground: '#6f9c55', stain: '#7d8b5a' },
  { sky: '#b7d3e6', wall: '#f2efe6', roof: '#3f4b57', ground: '#7ea35f', stain: '#5d6b48' },
  { sky: '#c9d9e3', wall: '#9fb4c4', roof: '#6b3b32', ground: '#8a9a6a', stain: '#4e5e3a' },
  { sky: '#a8c4d8', wall: '#e6d3a3', roof: '#44403c', ground: '#b0aaa0', stain: '#3f3a35' },
  { sky: '#d7e3ea', wall: '#c7b299', roof: '#2f4f4f', ground: '#93a97b', stain: '#56663f' },
  { sky: '#aecde0', wall: '#ffffff', roof: '#7a5c48', ground: '#a39e93', stain: '#6e7a50' },
];

const houseSvg = (s: (typeof SCHEMES)[number], variant: number) => `
<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900">
  <rect width="1200" height="560" fill="${s.sky}"/>
  <rect y="560" width="1200" height="340" fill="${s.ground}"/>
  <polygon points="250,330 600,${120 + variant * 10} 950,330" fill="${s.roof}"/>
  <rect x="300" y="330" width="600" height="330" fill="${s.wall}"/>
  <rect x="360" y="400" width="120" height="100" fill="#5a7d9a" stroke="#fff" stroke-width="8"/>
  <rect x="720" y="400" width="120" height="100" fill="#5a7d9a" stroke="#fff" stroke-width="8"/>
  <rect x="545" y="470" width="110" height="190" fill="#6d4c3d"/>
  <ellipse cx="${420 + variant * 60}" cy="350" rx="140" ry="26" fill="${s.stain}" opacity="0.55"/>
  <rect x="300" y="600" width="600" height="60" fill="${s.stain}" opacity="0.25"/>
  <polygon points="520,660 680,660 820,900 380,900" fill="#c2c0ba"/>
  <ellipse cx="600" cy="800" rx="120" ry="30" fill="${s.stain}" opacity="0.35"/>
</svg>`;

export interface PlaceholderPhoto {
  photo: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

export async function renderPlaceholderPhotos(): Promise<PlaceholderPhoto[]> {
  return Promise.all(
    SCHEMES.map(async (scheme, i) => {
      const photo = await sharp(Buffer.from(houseSvg(scheme, i)))
        .jpeg({ quality: 80 })
        .toBuffer();
      const thumbnail = await sharp(photo)
        .resize({ width: 480, height: 480, fit: 'inside' })
        .jpeg({ quality: 70 })
        .toBuffer();
      return { photo, thumbnail, width: 1200, height: 900 };
    }),
  );
}
