// The whole stylesheet signed-in staff see (staff-styles.css). preloaded-screen.tsx asks for it
// before any screen, so its <link> comes before every screen's own styles; SignedInAdmin
// imports it too, which makes it part of what signed-in staff load (and of the bench's figure).
import './staff-styles.css';
