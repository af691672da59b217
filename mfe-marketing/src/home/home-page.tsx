import '../shared/blocks.css';
import './home.css';
import '../contact/contact-form.css';
import { ContactSection } from './contact-section';
import { Features } from './features';
import { Hero } from './hero';
import { WhyChoose } from './why-choose';

export default function HomePage() {
  return (
    <>
      <Hero />
      <Features />
      <WhyChoose />
      <ContactSection />
    </>
  );
}
