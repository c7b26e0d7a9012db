export function loader() { return { hello: "world" }; }
export default function Home() { return <h1>CampusFund</h1>; }
