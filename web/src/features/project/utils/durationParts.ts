export interface DurationParts {
  hours: number;
  minutes: number;
  seconds: number;
}

/** A number of seconds as hours, minutes and seconds, for a hint such as "1 h 30 min". */
export function durationParts(totalSeconds: number): DurationParts {
  const whole = Math.max(0, Math.floor(totalSeconds));
  return {
    hours: Math.floor(whole / 3600),
    minutes: Math.floor((whole % 3600) / 60),
    seconds: whole % 60,
  };
}
